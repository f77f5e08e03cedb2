build-clang/pic/src/filter.o: src/filter.c src/internal/fail.h \
  include/amq/error.h src/internal/container.h src/internal/structure.h \
  include/amq/filter.h include/amq/filter_rate.h include/amq/certified.h \
  include/amq/check.h include/amq/hash.h include/amq/stats.h

src/internal/fail.h:

include/amq/error.h:

src/internal/container.h:

src/internal/structure.h:

include/amq/filter.h:

include/amq/filter_rate.h:

include/amq/certified.h:

include/amq/check.h:

include/amq/hash.h:

include/amq/stats.h:
