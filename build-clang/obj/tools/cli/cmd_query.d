build-clang/obj/tools/cli/cmd_query.o: tools/cli/cmd_query.c \
  tools/cli/cli.h include/amq/filter.h include/amq/error.h

tools/cli/cli.h:

include/amq/filter.h:

include/amq/error.h:
