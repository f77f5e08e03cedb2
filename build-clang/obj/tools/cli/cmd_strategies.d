build-clang/obj/tools/cli/cmd_strategies.o: tools/cli/cmd_strategies.c \
  tools/cli/cli.h include/amq/check.h include/amq/error.h \
  include/amq/hash.h include/amq/stats.h include/amq/spec_bloom.h \
  include/amq/certified.h include/amq/spec_omissions.h \
  src/internal/check_kernels.h

tools/cli/cli.h:

include/amq/check.h:

include/amq/error.h:

include/amq/hash.h:

include/amq/stats.h:

include/amq/spec_bloom.h:

include/amq/certified.h:

include/amq/spec_omissions.h:

src/internal/check_kernels.h:
