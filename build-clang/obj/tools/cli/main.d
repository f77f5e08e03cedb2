build-clang/obj/tools/cli/main.o: tools/cli/main.c tools/cli/cli.h

tools/cli/cli.h:
