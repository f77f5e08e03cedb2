build-clang/pic/src/hash.o: src/hash.c src/internal/fail.h \
  include/amq/error.h include/amq/hash.h

src/internal/fail.h:

include/amq/error.h:

include/amq/hash.h:
