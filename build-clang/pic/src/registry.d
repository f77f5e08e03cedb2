build-clang/pic/src/registry.o: src/registry.c src/internal/structure.h \
  include/amq/filter.h include/amq/error.h include/amq/filter_rate.h \
  include/amq/certified.h include/amq/check.h include/amq/hash.h \
  include/amq/stats.h

src/internal/structure.h:

include/amq/filter.h:

include/amq/error.h:

include/amq/filter_rate.h:

include/amq/certified.h:

include/amq/check.h:

include/amq/hash.h:

include/amq/stats.h:
