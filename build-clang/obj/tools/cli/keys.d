build-clang/obj/tools/cli/keys.o: tools/cli/keys.c tools/cli/cli.h

tools/cli/cli.h:
