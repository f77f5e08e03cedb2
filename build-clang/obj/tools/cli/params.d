build-clang/obj/tools/cli/params.o: tools/cli/params.c tools/cli/params.h \
  include/amq/filter.h include/amq/error.h tools/cli/cli.h \
  include/amq/hash.h

tools/cli/params.h:

include/amq/filter.h:

include/amq/error.h:

tools/cli/cli.h:

include/amq/hash.h:
