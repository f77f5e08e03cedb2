/* amq check ... --plot FILE.svg|png: the FP rate against the load, drawn by gnuplot from a
 * script and data files written to a temporary directory: the model's exact curve (the
 * midpoint of its certified enclosure at 200 loads), its classic approximations, and the
 * measured points with their simultaneous intervals (Clopper-Pearson for one query per
 * filter, Bernstein or Hoeffding for several). */
#include "check_impl_cli.h"
#include "cli.h"
#include <amq/filter_rate.h>
#include <errno.h>
#include <math.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

#define CURVE_POINTS 200

/* gnuplot on the PATH? */
static int have_gnuplot(void)
{
    const char *path = getenv("PATH");
    if (!path)
        return 0;
    char dir[4096];
    for (const char *p = path; *p;) {
        const char *e = strchr(p, ':');
        const size_t l = e ? (size_t)(e - p) : strlen(p);
        snprintf(dir, sizeof dir, "%.*s/gnuplot", (int)l, l ? p : ".");
        if (access(dir, X_OK) == 0)
            return 1;
        p += l + (e ? 1 : 0);
        if (!e)
            break;
    }
    return 0;
}

/* s as a gnuplot single-quoted string ('' stands for '). */
static void put_quoted(FILE *f, const char *s)
{
    fputc('\'', f);
    for (; *s; s++) {
        if (*s == '\'')
            fputc('\'', f);
        fputc(*s, f);
    }
    fputc('\'', f);
}

/* The rate at `keys`: the midpoint of a certified enclosure whose relative width is below
 * 2^-20 (the working precision doubles until it is: the closed forms cancel at low loads). */
static double rate_at(const amq_structure *m, const amq_params *p, uint64_t keys)
{
    mpfr_t lo, hi, w;
    mpfr_inits2(64, lo, hi, w, (mpfr_ptr)0);
    double r = NAN;
    for (mpfr_prec_t prec = 64; prec <= 8192; prec *= 2) {
        mpfr_set_prec(lo, prec);
        mpfr_set_prec(hi, prec);
        if (amq_structure_fp_enclose(lo, hi, prec, m, p, keys) != AMQ_OK)
            break;
        mpfr_sub(w, hi, lo, MPFR_RNDU);
        mpfr_mul_2si(w, w, 20, MPFR_RNDU);
        if (mpfr_cmp(w, lo) <= 0 || mpfr_zero_p(hi)) {
            mpfr_add(lo, lo, hi, MPFR_RNDN);
            mpfr_div_2ui(lo, lo, 1, MPFR_RNDN);
            r = mpfr_get_d(lo, MPFR_RNDN);
            break;
        }
    }
    mpfr_clears(lo, hi, w, (mpfr_ptr)0);
    return r;
}

static void lower(double *ymin, double v)
{
    if (v > 0.0 && v < *ymin)
        *ymin = v;
}

/* Writes the data; *ymin gets the bottom of the (logarithmic) y range: a decade below the
 * smallest positive measurement, or the model's rate at the first load point (the curve
 * below it is cut).  Bars that reach 0 are drawn down to it. */
static int write_data(const check_run *c, const char *dir, double *ymin)
{
    char path[4200];
    *ymin = 1.0;
    FILE *f = NULL;
    if (c->cfg.model) {
        snprintf(path, sizeof path, "%s/curve.dat", dir);
        if (!(f = fopen(path, "w")))
            return -1;
        const amq_structure *m = c->cfg.model;
        const uint64_t top = c->cfg.n;
        for (unsigned i = 1; i <= CURVE_POINTS; i++) {
            const uint64_t keys = (uint64_t)ceil((double)top * i / CURVE_POINTS);
            const double r = rate_at(m, &c->cfg.model_params, keys);
            fprintf(f, "%llu %.17g", (unsigned long long)keys, r);
            for (size_t a = 0; a < amq_structure_napprox(m); a++)
                fprintf(f, " %.17g", amq_structure_fp_approx(m, a, &c->cfg.model_params, keys));
            fputc('\n', f);
        }
        if (fclose(f))
            return -1;
    }
    for (size_t i = 0; i < c->res.npoints; i++) {
        lower(ymin, c->res.points[i].estimate);
        lower(ymin, c->res.points[i].ci_lo);
        lower(ymin, c->res.points[i].ci_hi);
        lower(ymin, c->res.points[i].rate);
    }
    *ymin /= 10.0;
    snprintf(path, sizeof path, "%s/points.dat", dir);
    if (!(f = fopen(path, "w")))
        return -1;
    for (size_t i = 0; i < c->res.npoints; i++) {
        const amq_check_point *pt = &c->res.points[i];
        /* no positive at all: the point sits on the bottom edge */
        fprintf(f, "%llu %.17g %.17g %.17g %d\n", (unsigned long long)pt->keys, pt->estimate > 0.0 ? pt->estimate : *ymin,
                pt->ci_lo > 0.0 ? pt->ci_lo : *ymin, pt->ci_hi, pt->after_removals);
    }
    return fclose(f) ? -1 : 0;
}

/* out: where gnuplot draws; name: the plot's path, whose extension says the format */
static int write_script(const check_run *c, const char *dir, const char *out, const char *name, double ymin)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/plot.gp", dir);
    FILE *f = fopen(path, "w");
    if (!f)
        return -1;
    const size_t l = strlen(name);
    if (!strcmp(name + l - 4, ".svg"))
        fputs("set terminal svg size 900,640 dynamic enhanced font 'Helvetica,13' background '#ffffff'\n", f);
    else
        fputs("set terminal pngcairo size 900,640 enhanced font 'Helvetica,11'\n", f);
    fputs("set output ", f);
    put_quoted(f, out);
    fprintf(f, "\nset logscale y\nset yrange [%.6g:*]\nset format y '10^{%%L}'\nset grid\nset key below box\n", ymin);
    fputs("set xlabel 'keys in the filter'\nset ylabel 'false-positive rate'\n", f);
    char title[400];
    snprintf(title, sizeof title, "%s vs %s: %llu filters x %llu quer%s per load: %s", amq_impl_name(c->impl),
             c->cfg.model ? amq_structure_name(c->cfg.model) : "no model", (unsigned long long)c->cfg.filters,
             (unsigned long long)c->cfg.queries, c->cfg.queries == 1 ? "y" : "ies",
             c->res.pass ? "pass" : c->res.false_negative ? "FAIL (false negative)" : "FAIL (rate off the model)");
    fputs("set title ", f);
    put_quoted(f, title);
    fprintf(f, "\nset xrange [0:%llu]\nset offsets 0, 0, 0, 0\n", (unsigned long long)(c->cfg.n + c->cfg.n / 20 + 1));
    const char *bars = c->res.shared ? (c->cfg.model ? "Bernstein" : "Hoeffding") : "Clopper-Pearson";
    fprintf(f, "plot ");
    if (c->cfg.model) {
        fprintf(f, "'%s/curve.dat' using 1:2 with lines lw 2 lc rgb '#1f4e9c' title 'exact (certified)', \\\n", dir);
        static const char *colors[] = {"#d98c1f", "#3a9c3a", "#9c3a9c"};
        for (size_t a = 0; a < amq_structure_napprox(c->cfg.model) && a < 3; a++)
            fprintf(f, "     '%s/curve.dat' using 1:%zu with lines dt %zu lw 1.5 lc rgb '%s' title '%s approximation', \\\n",
                    dir, a + 3, a + 2, colors[a], amq_structure_approx_name(c->cfg.model, a));
    }
    fprintf(f, "     '%s/points.dat' using 1:($5 == 0 ? $2 : 1/0):3:4 with yerrorbars pt 7 ps 0.8 "
               "lc rgb '#c0392b' title 'measured, %s bars (confidence 1 - %g each)'",
            dir, bars, c->cfg.alpha / (double)c->res.npoints);
    if (c->cfg.removals)
        fprintf(f, ", \\\n     '%s/points.dat' using 1:($5 == 1 ? $2 : 1/0):3:4 with yerrorbars "
                   "pt 5 ps 0.8 lc rgb '#6c3483' title 'measured after removals'",
                dir);
    fputc('\n', f);
    return fclose(f) ? -1 : 0;
}

static void remove_dir(const char *dir)
{
    static const char *files[] = {"points.dat", "curve.dat", "plot.gp"};
    char path[4200];
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, files[i]);
        unlink(path);
    }
    rmdir(dir);
}

int check_plot_possible(void)
{
    if (!have_gnuplot())
        return cli_fail("check", "--plot needs gnuplot, which is not on the PATH (Debian: apt-get install "
                                 "gnuplot-nox); nothing was run");
    return 0;
}

/* gnuplot draws into a new file beside path, renamed over it once drawn: a failure leaves
 * path as it was (absent, or the old plot). */
int check_plot(const check_run *c, const char *path)
{
    if (check_plot_possible())
        return CLI_EXIT_FAIL;
    char out[4200];
    snprintf(out, sizeof out, "%s.amq-XXXXXX", path);
    const int fd = mkstemp(out);
    if (fd < 0)
        return cli_fail("check", "--plot: cannot write beside '%s': %s", path, strerror(errno));
    const mode_t mask = umask(0); /* mkstemp made it 0600: the plot gets a new file's usual mode */
    umask(mask);
    if (fchmod(fd, 0666 & ~mask) != 0) {
        const int e = errno;
        close(fd);
        unlink(out);
        return cli_fail("check", "--plot: cannot write beside '%s': %s", path, strerror(e));
    }
    close(fd);
    const char *tmp = getenv("TMPDIR");
    char dir[4096];
    snprintf(dir, sizeof dir, "%s/amq-plot-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(dir))
    {
        unlink(out);
        return cli_fail("check", "--plot: cannot make a temporary directory in %s", tmp && *tmp ? tmp : "/tmp");
    }
    double ymin;
    if (write_data(c, dir, &ymin) || write_script(c, dir, out, path, ymin)) {
        remove_dir(dir);
        unlink(out);
        return cli_fail("check", "--plot: cannot write the plot's files in %s", dir);
    }
    char script[4200];
    snprintf(script, sizeof script, "%s/plot.gp", dir);
    char *argv[] = {"gnuplot", script, NULL};
    pid_t pid;
    int st = -1;
    if (posix_spawnp(&pid, "gnuplot", NULL, NULL, argv, environ) == 0)
        waitpid(pid, &st, 0);
    struct stat sb;
    if (st != 0 || stat(out, &sb) != 0 || sb.st_size == 0) {
        unlink(out);
        return cli_fail("check", "--plot: gnuplot failed to draw '%s' (its script is kept in %s); nothing was "
                                 "printed", path, dir);
    }
    if (rename(out, path) != 0) {
        const int e = errno;
        unlink(out);
        remove_dir(dir);
        return cli_fail("check", "--plot: cannot write '%s': %s; nothing was printed", path, strerror(e));
    }
    remove_dir(dir);
    return 0;
}
