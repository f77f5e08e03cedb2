build-clang/pic/src/stats.o: src/stats.c src/internal/fail.h \
  include/amq/error.h include/amq/stats.h

src/internal/fail.h:

include/amq/error.h:

include/amq/stats.h:
