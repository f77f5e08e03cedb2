build-clang/obj/tools/cli/cmd_rate.o: tools/cli/cmd_rate.c \
  tools/cli/cli.h tools/cli/params.h include/amq/filter.h \
  include/amq/error.h src/internal/fail.h include/amq/filter_rate.h \
  include/amq/certified.h include/amq/check.h include/amq/hash.h \
  include/amq/stats.h

tools/cli/cli.h:

tools/cli/params.h:

include/amq/filter.h:

include/amq/error.h:

src/internal/fail.h:

include/amq/filter_rate.h:

include/amq/certified.h:

include/amq/check.h:

include/amq/hash.h:

include/amq/stats.h:
