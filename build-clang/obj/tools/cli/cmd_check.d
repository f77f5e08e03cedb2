build-clang/obj/tools/cli/cmd_check.o: tools/cli/cmd_check.c \
  tools/cli/cli.h tools/cli/params.h include/amq/filter.h \
  include/amq/error.h include/amq/filter_rate.h include/amq/certified.h \
  include/amq/check.h include/amq/hash.h include/amq/stats.h

tools/cli/cli.h:

tools/cli/params.h:

include/amq/filter.h:

include/amq/error.h:

include/amq/filter_rate.h:

include/amq/certified.h:

include/amq/check.h:

include/amq/hash.h:

include/amq/stats.h:
