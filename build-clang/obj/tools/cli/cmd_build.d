build-clang/obj/tools/cli/cmd_build.o: tools/cli/cmd_build.c \
  tools/cli/cli.h tools/cli/params.h include/amq/filter.h \
  include/amq/error.h

tools/cli/cli.h:

tools/cli/params.h:

include/amq/filter.h:

include/amq/error.h:
