build-clang/obj/tools/cli/cli.o: tools/cli/cli.c tools/cli/cli.h

tools/cli/cli.h:
