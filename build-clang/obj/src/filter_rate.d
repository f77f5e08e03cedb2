build-clang/obj/src/filter_rate.o: src/filter_rate.c src/internal/fail.h \
  include/amq/error.h src/internal/structure.h include/amq/filter.h \
  include/amq/filter_rate.h include/amq/certified.h include/amq/check.h \
  include/amq/hash.h include/amq/stats.h

src/internal/fail.h:

include/amq/error.h:

src/internal/structure.h:

include/amq/filter.h:

include/amq/filter_rate.h:

include/amq/certified.h:

include/amq/check.h:

include/amq/hash.h:

include/amq/stats.h:
