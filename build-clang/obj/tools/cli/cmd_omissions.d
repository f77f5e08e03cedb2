build-clang/obj/tools/cli/cmd_omissions.o: tools/cli/cmd_omissions.c \
  tools/cli/cli.h include/amq/spec_omissions.h include/amq/certified.h \
  include/amq/error.h

tools/cli/cli.h:

include/amq/spec_omissions.h:

include/amq/certified.h:

include/amq/error.h:
