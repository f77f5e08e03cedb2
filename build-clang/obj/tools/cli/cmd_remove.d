build-clang/obj/tools/cli/cmd_remove.o: tools/cli/cmd_remove.c \
  tools/cli/cli.h include/amq/filter.h include/amq/error.h

tools/cli/cli.h:

include/amq/filter.h:

include/amq/error.h:
