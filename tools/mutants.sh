#!/usr/bin/env bash
# tools/mutants.sh: mutation testing.  Do the tests catch the bugs they
# should?  Each mutant below is a one-line bug: a fixed string in one
# file and what it becomes.  One at a time, each is applied to a fresh
# temporary copy of the working tree, which is built and tested; the
# mutant is caught when the tests fail, and survives when they pass.
#
#   tools/mutants.sh            every mutant (`make mutants`; 20-30 minutes
#                               on two cores, so not in CI)
#   tools/mutants.sh ID...      only these
#   tools/mutants.sh --check    only check that every mutant still applies
#
# The test command is `make test`, run with no parallelism, in the copy;
# mutants marked `test make test && make tsan-unit` (the threaded ones,
# whose bugs show in `make test` only by chance on a loaded machine) add
# CI's ThreadSanitizer step.  The untouched copy is tested first: if it
# fails, nothing is reported.  Per mutant:
#   caught             the tests failed (the first failure is shown)
#   caught (timeout)   the tests ran past MUTANT_TIMEOUT (default 1800 s)
#   SURVIVED           the tests passed: a bug they cannot see
#   equivalent         passed, and listed as equivalent (no test can catch
#                      it: the program's behaviour is the same), with why
#   NO LONGER APPLIES  its string is not in the file exactly once (the
#                      code moved): fix the list; never counted as caught
#   DOES NOT BUILD     the mutant does not compile: fix the list
# The kill ratio is caught / (mutants - equivalent ones).  The script
# exits 0 when every mutant that is not equivalent was caught.
#
# The list must follow the code: when a mutant no longer applies, move
# it to where the code went.  New bounds, cutoffs and rules get mutants
# of their own (docs/testing.md).  A copy holds the working tree alone,
# as a fresh clone would: make test needs nothing beside it.
# MUTANT_KEEP=1 keeps the copies; the results are
# also written to build/mutants.md.
set -u

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root" || exit 2
timeout_s=${MUTANT_TIMEOUT:-1800}

# ------------------------------------------------------------------
# The mutants.  Records separated by blank lines; each line is a key and
# its value (leading blanks dropped): id, area, file, from (a fixed
# string that must occur exactly once in file), to, why, and optionally
# test (default `make test`) and equivalent (the reason no test can
# catch it).
mutants_list() {
  cat <<'EOF'
id          cutoff-window-edge
area        cutoffs
file        src/search.c
from        if (best < beta) {
to          if (best <= beta) {
why         srch_node step 5: nothing beat beta, yet beta is stored in the memo as the exact value (issue 21, survivor 1)

id          memo-tag-inverted
area        memo
file        src/memo.c
from        if (*slot >> m->offbits != tag) continue;
to          if (*slot >> m->offbits == tag) continue;
why         a probe passes over the records whose hash tag matches its own: it never finds a record, and stores each key again and again

id          memo-unlocked
area        memo, threads
file        src/memo.c
from        static void lock(shard *s) {
to          static void lock(shard *s) { return;
test        make tsan-unit && make test
why         the shards' spin lock is never taken: threads race on the arena and index (issue 21, survivor 2)

id          verify-last-answer
area        verify
file        src/verify.c
from        for (int a = 0; a < g->n_answers && !rc; a++)
to          for (int a = 0; a < g->n_answers - 1 && !rc; a++)
why         verify's "answer is missing" check skips the last answer of the list (issue 21, survivor 3)

id          feedback-yellow-reused
area        feedback
file        src/feedback.c
from        used |= 1u << j;
to          (void)j;
why         feedback_of(): an answer letter already matched as yellow is matched again

id          feedback-table-green-reused
area        feedback
file        src/feedback.c
from        unsigned avail = 0x1f & ~green;
to          unsigned avail = 0x1f;
why         the table's scalar fill: a green answer position can also make a yellow

id          bound-in-set-split
area        bounds
file        src/search.c
from        k->lb = 2 * n - 1; /* one of A's answers splits the rest */
to          k->lb = 2 * n - 2;
why         the closed form for a set one of its answers splits into singletons is one too low

id          bound-guess-floor
area        bounds
file        src/search_impl.h
from        return 3 * n - k - green;
to          return 3 * n - k - green + 1;
why         a guess's bound 3n - k - [g in A] is one too high: optimal guesses are cut

id          bound-collisions
area        bounds, cutoffs
file        src/search.c
from        int lbg = d == 2 ? INF : 2 * n + coll - 1;
to          int lbg = d == 2 ? INF : 2 * n + coll;
why         the bound of a guess dropped part-way through a scan is one too high; it becomes a fail-high bound above the value

id          bound-stored-as-exact
area        bounds, memo
file        src/search.c
from        if (memoise) store(c, h, A, n, dk, lb, false, rs);
to          if (memoise) store(c, h, A, n, dk, lb, true, rs);
why         srch_node step 2: a fail-high lower bound is stored as an exact value

id          memo-bound-read-as-exact
area        memo, bounds
file        src/search.c
from        k->exact = exact;
to          k->exact = true;
why         srch_quick(): a lower bound found in the memo is used as the exact value

id          cutoff-fail-high-edge
area        cutoffs
file        src/search.c
from        if (lb >= beta) {
to          if (lb > beta) {
why         srch_node step 2: a bound equal to beta goes on, and is then returned and stored as exact

id          cutoff-class-budget
area        cutoffs
file        src/search.c
from        int budget = best - (sum - k->lb);
to          int budget = best - (sum - k->lb) - 1;
why         a class is searched with a window one too small: its fail-high bound is then taken as its value

id          cutoff-root-fail-high
area        cutoffs, threads
file        src/search_root.c
from        for (int i = 0; i < nc; i++) v = imin(v, proved[i]);
to          (void)proved;
why         the parallel root's fail-high bound leaves out the candidates it evaluated: a bound above the value

id          threads-root-best
area        threads
file        src/search_root.c
from        #pragma omp critical(search_root_best)
to          /* no critical section */
test        make test && make tsan-unit
why         the root's threads test and set the shared best total (and its guess) with no critical section

id          ties-in-set-first
area        ties
file        include/score.h
from        if (in_a != in_b) return in_a ? -1 : 1;
to          if (in_a != in_b) return in_a ? 1 : -1;
why         the tie rule prefers guesses that are not possible answers

id          ties-choose-own-answers
area        ties
file        src/search_tree.c
from        for (int j = 0; j < n && pick < 0; j++) {
to          for (int j = 0; j < n; j++) {
why         srch_choose(): of the set's own answers that reach the value, the last in guess order is picked, not the first

id          tree-remainder-off
area        tree
file        src/search_tree.c
from              v[i] = rest;
to                v[i] = rest - 1;
why         kid_values(): the largest open class is valued one below what its siblings leave

id          tree-window-at-bound
area        tree
file        src/search_tree.c
from            int beta = (int)(rest - bounds) + 1;
to              int beta = k[i].lb + 1;
why         kid_values(): a class the memo lost is solved within a window at its own bound, so its "value" is only a bound

id          probe-hint-ignored
area        root proof
file        src/search_proof.c
from          if (!p->top || hg < 0) return -1;
to            if (!p->top || hg >= -1) return -1;
why         probe_hint(): --probe WORD is ignored by solve's root proof, which solves its own pick first

id          probe-alike-off
area        root proof
file        src/search_proof.c
from            if (p->op[i].g == hg || srch_alike(p->s, rows, p->n, p->op[i].g, hg)) h = i;
to              if (p->op[i].g == hg) h = i;
why         probe_hint(): a --probe word alike to another (the scan kept the other) is not found, so not solved first

id          rank-hint-tells-nothing
area        root proof
file        src/search_first.c
from          if (h < 0 || R->gr[h].o.l0 == 3 * R->n - 1) return np;
to            if (h < 0) return np;
why         hint_first(): a --probe word that tells nothing is solved by the ranking (the whole problem again), where the root proof drops it

id          tree-known-other-pattern
area        tree
file        src/search_tree.c
from            if (known && known[p] >= 0) k[i] = (klass){.lb = known[p], .exact = true};
to              if (known && known[p] >= 0) k[i] = (klass){.lb = known[pats[0]], .exact = true};
why         kid_values(): a class takes the proof's value of another class of the guess

id          memo-depth-not-compared
area        memo
file        src/memo.c
from        if (r->hash == h && r->n == n && r->depth == depth &&
to          if (r->hash == h && r->n == n &&
why         a record answers for the same set at another guess limit when the hashes agree

id          memo-key-hash-only
area        memo
file        src/memo.c
from        if (r->hash == h && r->n == n && r->depth == depth &&
to          if (r->hash == h && r->n == n && r->depth == depth) return slot; if (0 &&
why         the set itself is not compared: another set of the same length with the same hash gets its value

id          memo-bound-never-rises
area        memo
file        src/memo.c
from        if (!r->exact && (exact || value > r->value)) {
to          if (!r->exact && exact) {
why         a stronger lower bound no longer replaces a weaker one

id          limit-child-depth
area        guess limit
file        src/search_impl.h
from        return d == UNLIMITED ? d : d - 1;
to          return d;
why         children get as many guesses as their parent: the limit never binds

id          limit-closed-form
area        guess limit
file        src/search.c
from        if (d >= 3 && (n == 3 || split == 1)) {
to          if (d >= 2 && (n == 3 || split == 1)) {
why         the 2n closed form is used with two guesses left, where it needs three

id          limit-key-unlimited
area        guess limit, memo
file        src/search.c
from        int dk = d >= n ? UNLIMITED : d, klen;
to          int dk = d >= n - 1 ? UNLIMITED : d, klen;
why         srch_quick() probes a set of n answers with n - 1 guesses left under the "unlimited" key, where the limit can still bind

id          limit-one-left
area        guess limit
file        src/search.c
from        if (d <= 1) { k->lb = INF; return true; }
to          if (d < 1) { k->lb = INF; return true; }
why         a set of two or more answers with one guess left is thought solvable

id          limit-two-left
area        guess limit
file        src/search.c
from        if (d == 2 && k != n) lbg = INF;
to          if (d == 2 && k < n - 1) lbg = INF;
equivalent  a guess leaving one pair with two guesses left gets the bound 2n + 1 - [g in A] instead of INF: a weaker bound is still a proven one, it is never taken as achieved (the small-class upper bound needs three guesses left for pairs), and evaluating the guess finds the pair's INF at once; only the work changes
why         with two guesses left, a guess leaving one pair is allowed

id          treewrite-text-win
area        tree writing
file        src/treeio.c
from        int win = t->nkids == 0 || t->n > below;
to          int win = t->nkids == 0 || t->n >= below;
why         the text writer ends every node's guess with a GGGGG line, answer or not

id          treewrite-json-average
area        tree writing
file        src/treeio.c
from        ratio4(t->total, t->n).s, unproven ? mark : "", version_full());
to          ratio_fmt(t->total, t->n, 3, false).s, unproven ? mark : "", version_full());
why         the JSON header's average is written with 3 decimals instead of 4

id          treeread-guess-number
area        tree reading
file        src/treeread_text.c
from        for (int t = keep | 1; t < cur->ntok; t += 2)
to          for (int t = keep | 1; t < cur->ntok - 1; t += 2)
why         the text reader does not check the guess number of GGGGGk

id          treeread-json-total
area        tree reading
file        src/treeread_json.c
from        if (total == want) {
to          if (total == want || total == want + 1) {
why         the JSON reader accepts a node total one too high

id          verify-over-limit
area        verify
file        src/verify.c
from        if (d + 1 > max_guesses && ends_here(t) >= 1) {
to          if (d > max_guesses && ends_here(t) >= 1) {
why         verify's guess limit check lets answers one guess over through

id          treecheck-total
area        verify
file        src/tree.c
from        if ((long)t->total != (long)m + sum)
to          if ((long)t->total < (long)m + sum)
why         tree_check() accepts a node whose total is too high

id          score-natural-log
area        ties
file        src/score.c
from        i * log2((double)i)
to          i * log((double)i)
equivalent  every c log c is scaled by the same factor ln 2, which keeps every comparison of scores but where rounding to 2^-24 could tip a near tie (none does on the lists the tests use, so the greedy strategies' trees are the same); in the exact search the entropy order only decides which guess is evaluated first, so its values, its tie rule and its trees cannot change (issue 21, the fourth survivor)
why         entropy in natural log instead of log2

id          cutoff-quick-edge
area        cutoffs
file        src/search.c
from        if (sum >= best) {
to          if (sum > best) {
equivalent  srch_eval_guess() pass 1 with sum == best goes on to pass 2, where the first open class has budget best - (sum - lb) = lb and returns sum at once (or, with every class exact, the loop ends and returns sum): the same value, one step later
why         a guess whose quick bounds reach the best total exactly is not cut in pass 1

id          rootproof-l1-off-by-one
area        bounds
file        src/search_l1.c
from        int lb = l1_term(m, sm);
to          int lb = l1_term(m, sm) + 1;
why         L1 one too high: first guesses are refuted that the bound does not refute

id          rootproof-cap-break
area        bounds
file        src/search_l1.c
from        if (b->cap[u0] <= best) break; /* nothing later can beat it */
to          if (b->cap[u0] <= best + 8) break; /* nothing later can beat it */
why         the L1 scan stops while a later guess could still beat its best: max s too low, L1 too high

id          rootproof-kernel-lane-limit
area        bounds
file        src/kernel_avx512.c
from        alive &= _mm512_cmp_epu8_mask(coll, limv, _MM_CMPINT_LE); /* one block */
to          alive &= _mm512_cmp_epu8_mask(coll, limv, _MM_CMPINT_LT); /* one block */
why         the AVX-512 kernel abandons a guess one collision early: it misses the best guess of a set

id          pack-kernel-lane-limit
area        bounds
file        src/kernel_vbmi.c
from        alive &= _mm512_cmp_epu8_mask(coll, limv, _MM_CMPINT_LE); /* packed */
to          alive &= _mm512_cmp_epu8_mask(coll, limv, _MM_CMPINT_LT); /* packed */
why         the packed AVX-512 kernel (VBMI) abandons a guess one collision early: it misses the best guess of a set

id          rootproof-refute-at-u
area        ties
file        src/search_proof.c
from        p->thr = p->ub < INF ? p->ub + 1 : INF;
to          p->thr = p->ub < INF ? p->ub : INF;
why         first guesses whose bound equals the optimum are refuted: one that ties with the probe's and comes first by the tie rule is lost

id          rootproof-l2-overcount
area        bounds
file        src/search_proof.c
from          if (v > *b) *sum += v - *b, *b = v;
to            if (v >= *b) *sum += v - *b + 1, *b = v;
why         the L2 stage counts one guess too many per class: first guesses are refuted wrongly

id          bounds-l2-quick-class
area        bounds
file        src/search_l2.c
from        if (p != PATTERN_WIN) sum += (x > scap) + (x == scap + 1);
to          if (p != PATTERN_WIN) sum += (x > scap) + 2 * (x == scap + 1);
why         L2's partition-only refutation counts a class too big to split one guess too high: a guess that would lower L2 is skipped

id          bounds-l2-scap-low
area        bounds
file        src/search_l2.c
from        most = sv[i] > most ? sv[i] : most;
to          most = sv[i] - 1 > most ? sv[i] - 1 : most;
why         L2 takes the set's most s one too low: its classes' scans stop short and their bounds are too high

id          bounds-want-floor
area        bounds
file        src/search_l1.c
from        int floor = want < INF ? l1_term(m, want) : 0; /* s at most this gives want */
to          int floor = want < INF ? l1_term(m, want) + 1 : 0; /* s at most this gives want */
why         a wanted L1 bound proven from a floor one too high: the bound returned is one short of what was wanted, and L2 comes out below its definition

id          bounds-own-cap-low
area        bounds
file        src/search_l2.c
from              sb->cap[at] = sv[i];
to                sb->cap[at] = sv[i] - 1;
why         L2's own order for a big class caps each guess one below its s on the class: the subsets' scans stop short and their bounds are too high

id          bounds-own-column
area        bounds
file        src/search_l2.c
from          return sb->cols + (size_t)at * (size_t)m;
to            return sb->cols + (size_t)(at ^ 1) * (size_t)m;
why         an L2 candidate of a big class is partitioned by its neighbour's column: its classes, and L2, are another guess's

id          memo-default-edge
area        memo
file        src/memo.c
from          if (n_answers < MEMO_BIG_ANSWERS) return MEMO_DEFAULT_MB;
to            if (n_answers <= MEMO_BIG_ANSWERS) return MEMO_DEFAULT_MB;
why         a list of exactly MEMO_BIG_ANSWERS answers keeps the small lists' memo

id          greedy-scan-grain-gap
area        greedy, threads
file        src/greedy.c
from        int end = nu - u0 < GREEDY_SCAN_GRAIN ? nu : u0 + GREEDY_SCAN_GRAIN;
to          int end = nu - u0 < GREEDY_SCAN_GRAIN ? nu : u0 + GREEDY_SCAN_GRAIN - 1;
why         the seed's task-scored scan leaves the last guess of each full task unscored: the replay takes whatever its slot held, and the threaded seed picks differently from one thread's

id          greedy-classes-tasks-singletons
area        greedy, threads
file        src/greedy.c
from        tot[p] = total_rec(R, part + start[p], c, -1, child, CU, cnu, &deep[p], INF);
to          tot[p] = c == 1 ? 0 : total_rec(R, part + start[p], c, -1, child, CU, cnu, &deep[p], INF);
why         the seed's classes as tasks count a class of one answer as 0, not 1: the threaded total comes out low

id          lcap-yellow-copies
area        bounds
file        src/search_lcaps.c
from            ye[q] = (uint64_t)elsewhere[q] | (uint64_t)elsewhere[q] << 26;
to              ye[q] = (uint64_t)elsewhere[q];
why         the letter caps forget that a guess's repeated letter can be yellow: its cap falls below its classes, and a scan leaves out a guess that beats the best

id          pack-second-block
area        bounds
file        src/kernel_vbmi.c
from              __m512i from = t & 1 ? _mm512_add_epi8(lane, hi) : lane;
to                __m512i from = t & 2 ? _mm512_add_epi8(lane, hi) : lane;
why         a packed pass reads each pair's blocks from the wrong one (the first pair's second from its first, the second pair's first from its second): its lanes count another guess's classes

id          kernel-portable-lane
area        kernels
file        src/kernel_portable.c
from            alive &= (v64u8)(coll <= limv);
to              alive &= (v64u8)(coll < limv);
why         the portable kernel (ARM's) abandons a guess one collision early: check_kernel's comparison with scalar must see it on any host

id          kernel-avx512-seen-tail
area        kernels
file        src/kernel_avx512.h
from          for (; i < j; i++) d0 = _mm512_min_epu8(d0, _mm512_xor_si512(x[i], xj));
to            for (; i + 1 < j; i++) d0 = _mm512_min_epu8(d0, _mm512_xor_si512(x[i], xj));
why         the AVX-512 compare step skips the last earlier row when the rows before it are not a multiple of four: a collision missed, s too high

id          kernel-avx512-set-check
area        kernels
file        src/kernel_avx512.h
from          *alive &= _mm512_cmple_epi32_mask(*coll, limv);
to            *alive &= _mm512_cmplt_epi32_mask(*coll, limv);
why         the AVX-512 set kernels drop a lane at its limit of collisions rather than past it: a guess that ties the best is lost

id          scan-signature-key
area        guess
file        src/search.c
from        ^ ((uint64_t)k << 1 | (uint64_t)green) ^ fh;
to          ^ ((uint64_t)k << 1 | (uint64_t)green) ^ fh ^ (uint64_t)g;
why         the scan's signature key depends on the guess, not only its feedback: guesses with the same feedback on a set are all kept (slower, never wrong; check_search.c's dedupe test sees it)

id          partition-small-start
area        guess
file        src/search.c
from        L->cls[L->ncls++] = (klass){.start = pos, .size = cnt[p], .pat = (uint8_t)p};
to          L->cls[L->ncls++] = (klass){.start = pos - (pos > 0), .size = cnt[p], .pat = (uint8_t)p};
why         a small set's partition puts a class one answer early: its classes hold the wrong answers

id          rank-lines-gap
area        progress
file        src/rank_run.c
from        r->next_line = run + (run < PROGRESS_LINES_GAP ? run : PROGRESS_LINES_GAP);
to          r->next_line = run + run;
why         a ranking's plain progress lines only as the time doubles: a log of a run of hours goes silent for hours (check_checkpoint.c's progress test sees it)

id          ckpt-no-engine
area        input
file        src/checkpoint.c
from          if (format >= 3) snprintf(engine, sizeof engine, ", engine %d", CKPT_ENGINE);
to            if (format >= 4) snprintf(engine, sizeof engine, ", engine %d", CKPT_ENGINE);
why         the checkpoint's header leaves out the search's engine: a resume believes lines an older search wrote, whatever fixes came since (check_checkpoint.c's test_format2_and_engine)

id          help-fill-width
area        help
file        src/help.c
from        if (!first && col + 1 + (int)w > HELP_WIDTH) {
to          if (!first && col + 1 + (int)w > HELP_WIDTH + 40) {
why         --help lines run past 80 columns (cli_man.sh measures every command's)

id          help-fill-comma
area        help
file        src/help.c
from        if (s[i + k] == ',') cut = k + 1;
to          if (s[i + k] == ';') cut = k + 1;
why         a word too long for a line (simulate's default openers) is never broken (cli_man.sh)

id          rules-key-short
area        memo
file        src/rules.c
from        case RULES_HARD: return offsetof(rstate, max);
to          case RULES_HARD: return offsetof(rstate, min);
why         hard mode's memo key leaves out the least letter counts: two states with the same greens share records, a wrong value (check_rules.c's key test)

id          rules-bitsets-copies
area        bounds
file        src/search_bounds.c
from        for (int p = 0; p < q; p++) k += w[p] == w[q];
to          for (int p = 0; p < q; p++) k += 0;
why         the bounds' rules bitsets count a letter's second copy as its first: a guess with two of a letter that hard mode needs twice is never allowed, so the bounds rise above the truth (the hard oracles)

id          refute-small-depth
area        rules
file        src/search_feas.c
from          bool no = !first_feasible(c, NULL, A, n, first, k, REFUTE_SMALL_MAX, at, false) && !stopped(c->s);
to            bool no = !first_feasible(c, NULL, A, n, first, k - 1, REFUTE_SMALL_MAX, at, false) && !stopped(c->s);
why         the L2 stages' quick test of the small classes asks for one guess fewer than the limit: a first guess whose strategy needs every guess is refuted as having none (check_rules.c's ranking oracle: every first guess's value)

id          bound3-class-sum
area        bounds
file        src/search_l2.c
from              sum = imin(sum + v - lb_floor(cq), INF);
to                sum = imin(sum + v - lb_floor(cq) + 1, INF);
why         L3 counts each class of a guess one above its L2: the bound rises above the truth (check_search.c's bounds against the definitions, L3 at most T)

id          bound3-classes-l1
area        bounds
file        src/search_l2.c
from              sum = imin(sum + v - lb_floor(cq), INF);
to                sum = imin(sum + 0 * v, INF);
why         L3 adds nothing for a guess's classes (only its one-guess term): the bound falls below L2 (check_search.c: L3 at least L2)

id          bound3-class-need
area        bounds
file        src/search_l2.c
from              int v = srch_bound2(c, b, L->part + L->cls[q].start, cq, kd, lb_floor(cq) + (best - sum),
to                int v = srch_bound2(c, b, L->part + L->cls[q].start, cq, kd, lb_floor(cq) + (best - sum) - 1,
why         L3 asks each class's L2 for one less than ends the guess: a sum one short of the best so far is taken as the new best, the bound falls below L3 (still between L2 and T: check_search.c's L3 against its definition)

id          feas-splitters-bucket
area        rules
file        src/search_feas.c
from            if (q->mask == mask && q->bucket == bucket) {
to              if (q->mask == mask) {
why         the feasibility test within 3 reuses a class's splitters found in another bucket: a legal guess that splits it is missed and a set with a strategy refuted (check_rules.c's test_feasible_within3)

id          feas-splitters-alias
area        rules
file        src/search_feas.c
from          for (int j = 0; j < n; j++) mask |= 1ull << X->fxa[C[j]];
to            for (int j = 0; j < n; j++) mask |= 1ull << (X->fxa[C[j]] & 31);
why         the splitters' lists are kept under a class's rows folded to 32 bits: a class takes the list of another whose rows are 32 apart, and a node with no strategy within 3 is given one (check_rules.c's test_feasible_within3_twins)

id          feas-split-memo-yes
area        rules
file        src/search_feas.c
from        memo_store_k(c->s->memo, h, A, n, 2, kb, klen, ok, true);
to          memo_store_k(c->s->memo, h, A, n, 2, kb, klen, true, true);
why         the memo keeps every set of 12 answers or more as finished within 2: a guess that makes such a set again passes with a class that no guess splits, and a set with no strategy within 3 is given one (check_rules.c's test_oracle_normal_worst)

id          feas-key-no-state
area        rules
file        src/search_feas.c
from        if (sl) memcpy(k->b, sk, (size_t)sl);
to          sl = 0, (void)sk;
why         the feasibility test's memo keys leave out the rules' state: a set's answer after one history is given after another, where other guesses are allowed (check_rules.c's test_feasible_within2_states; test_rank_oracle)

id          big-test-yes-none
area        guess limit
file        src/search_proof.c
from        : BIG_FITS;
to          : INF;
why         a big class put off whose feasibility test finds a strategy is taken to have none: a hard first guess with a strategy is given none (check_search.c's test_big_budget_changes_nothing)

id          kernel-avx2-set-count
area        kernels
file        src/kernel_avx2.c
from            acc = _mm256_add_epi8(acc, _mm256_add_epi8(_mm256_shuffle_epi8(lut, lo),
to              acc = _mm256_add_epi8(acc, _mm256_sub_epi8(_mm256_shuffle_epi8(lut, lo),
why         the AVX2 set kernel counts a set's bits wrong (a nibble's taken off): its collisions, and so s, are wrong

id          kernel-portable-set-count
area        kernels
file        src/kernel_portable.c
from            x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
to              x = (x & 0x33333333u) + ((x >> 2) & 0x13333333u);
why         the portable set kernel (ARM's) counts a set's bits wrong in its top byte: its collisions, and so s, are wrong

id          kernel-avx2-big-lane
area        kernels
file        src/kernel_avx2.c
from        ns = klanes_out(alive, hw, u0 + h, m, cb, gb, pos, sv, ns);
to          ns = klanes_out(alive & ~1u, hw, u0 + h, m, cb, gb, pos, sv, ns);
why         the AVX2 set kernel drops the first lane of every group of eight: one lane's output changed

id          singleton-no-guess-left
area        bounds
file        src/search.c
from        if (n == 1) { k->lb = d >= 1 ? 1 : INF; return true; }
to          if (n == 1) { k->lb = 1; return true; }
why         a class of one answer with no guess left counts 1, not "no strategy": rank --max-guesses 1 gives finite exact totals (a review, 2026-11-29)

id          l1-stopped-2m
area        bounds
file        src/search_l1.c
from        if (stopped(c->s)) return m + 1;
to          if (stopped(c->s)) return m;
why         a stopped L1 scan gives 2m, above a set one of its answers splits apart, and a stopped proof reports it as proven (a review, 2026-11-29)

id          history-win-after-empty
area        input
file        src/history.c
from        int won = won_early(g, h, k);
to          int won = 0;
why         a win before the last step is refused only when the set has not emptied first: next advises after a win (a review, 2026-11-29)

id          api-probe-dropped
area        api
file        src/api_search.c
from          so.probe_g = probe_g;
to            so.probe_g = -1;
why         the library's optle_solve_opts.probe and optle_rank_opts.probe are checked but never reach the search (solve's root proof solves its own pick first)

id          api-opts-half-pointer
area        api
file        src/api_search.c
from          return size == v1 || size >= now;
to            return size >= v1;
why         an options struct whose size ends inside the probe pointer is copied: half a pointer, then a crash or a wrong word

id          feas-split-spurious-partner
area        hard mode, feasibility
file        src/search_feas.c
from          for (int j = 0; j < n; j++) bits[pat[j] = X->fxrow[j][h]] = 0;
to            for (int j = 0; j < n; j++) bits[pat[j] = X->fxrow[j][h]] = 0; bits[pat[0]] = 1ull << (n - 1);
why         fx_groups(): the node's first answer gets its last as a partner under every guess, so classes holding both are never split within 2 and sets with a strategy are refuted

id          stop-second-signal-ignored
area        stopping
file        src/clock.c
from        if (!atomic_compare_exchange_strong(&stop_first_ms, &first, t) && t - first >= STOP_FORCE_MS) {
to          if (!atomic_compare_exchange_strong(&stop_first_ms, &first, t) && t - first >= STOP_FORCE_MS && 0) {
why         a second Ctrl-C or SIGTERM only sets the stop flag again: a stop that is stuck can be ended only by SIGKILL, which leaves the output files' temporary files

id          stop-second-signal-at-once
area        stopping
file        src/clock.c
from        if (!atomic_compare_exchange_strong(&stop_first_ms, &first, t) && t - first >= STOP_FORCE_MS) {
to          if (!atomic_compare_exchange_strong(&stop_first_ms, &first, t)) {
why         any second stop signal ends the process: one Ctrl-C that reaches it twice (the terminal's SIGINT and mpirun's SIGTERM) kills it before its stopped report and best tree

id          fatal-hold-ignored
area        stopping, output
file        src/clock.c
from          if (!atomic_compare_exchange_strong(&fatal_state, &idle, FATAL_DYING) && idle == FATAL_HELD) {
to            if (!atomic_compare_exchange_strong(&fatal_state, &idle, FATAL_DYING) && 0) {
why         a fatal signal (or a second stop signal) during a write in place ends the process at once: the target is left with the new content over the old one's tail

id          lib-installs-fatal-handlers
area        api, stopping
file        src/clock.c
from          if (!atomic_load(&signals_owned)) return; /* the library's caller's */
to            (void)signals_owned;
why         optle_write() leaves handlers for SIGTERM, SIGHUP and the rest in the caller's process, where optle.h promises none

id          std-fds-left-closed
area        input, output
file        src/main.c
from          std_fds_open();
to            (void)std_fds_open;
why         with stderr closed (2>&-) the next file optle opens is fd 2: a checkpoint is refused as standard error, and a stopped proof's messages go into its -o tree

id          probe-worse-ends-stage
area        root proof
file        src/search_proof.c
from              if (p->ub_g >= 0) break;
to                if (o->bound < INF) break;
why         a --probe word the greedy strategy beats ends stage 1 with no total to beat and no tree: a stop then writes nothing, and L1 refutes at the seed's total only

id          l1-pass-too-high
area        search bounds
file        src/search.c
from                            class_state(c->s, L, rs, g, k->pat), best - (sum - k->lb));
to                              class_state(c->s, L, rs, g, k->pat), best - (sum - k->lb)) + 1;
why         a survivor's search takes each class's L1 bound as one more than proved: a first guess near the cutoff is refuted or valued wrongly

id          lower-tried-ignored
area        rank checkpoint
file        src/search_first.c
from          if (g->tried >= R->stage) return false;
to            if (g->tried > 4) return false;
why         a resume proves a lower line's bound again: every session of a long root proof redoes its survivors' stage 3, and writes a second lower line the next resume refuses

id          lower-not-told
area        rank checkpoint
file        src/search_first.c
from          else if (r->stage == 3) tell_lower(R, r->item);
to            else if (r->stage == 5) tell_lower(R, r->item);
why         the L2 stage's survivors get no lower line: a resume proves their bounds again

id          ckpt-lower-after-settled
area        rank checkpoint
file        src/checkpoint.c
from            else if (settled[e->guess] && settled[e->guess] < e->line)
to              else if (settled[e->guess] && settled[e->guess] > e->line)
why         a lower line after its first guess's settled line, which no run writes, is believed

id          api-stopped-total-no-seed
area        api
file        src/api_search.c
from                               : seed < OPTLE_INF          ? seed
to                                 : seed < 0                  ? seed
why         a library solve stopped before any tree reports total -1 where the CLI says "best found ... the greedy entropy strategy"

id          tsan-taskmem-no-acquire
area        threads, tools
file        tools/tsan_taskmem.c
from          if (off != PTRDIFF_MIN && __tsan_acquire) __tsan_acquire(task - off);
to            (void)off;
test        make test && make tsan-unit
why         the TSan runs' library no longer orders a task's end before its storage's reuse: plain Archer's false report on reused task storage comes back (CI, 2026-12-01)
EOF
}

# ------------------------------------------------------------------

declare -a M_ID M_AREA M_FILE M_FROM M_TO M_TEST M_EQUIV M_WHY
load_list() {
  local key value n=-1 start=1
  while IFS= read -r line || [ -n "$line" ]; do
    if [ -z "${line// /}" ]; then start=1; continue; fi
    key=${line%% *}
    value=${line#"$key"}
    value=${value#"${value%%[! ]*}"}
    if [ "$start" = 1 ]; then
      n=$((n + 1)); start=0
      M_TEST[n]="make test"; M_EQUIV[n]=""; M_WHY[n]=""
    fi
    case $key in
    id) M_ID[n]=$value ;;
    area) M_AREA[n]=$value ;;
    file) M_FILE[n]=$value ;;
    from) M_FROM[n]=$value ;;
    to) M_TO[n]=$value ;;
    test) M_TEST[n]=$value ;;
    equivalent) M_EQUIV[n]=$value ;;
    why) M_WHY[n]=$value ;;
    *) echo "mutants: unknown key '$key' in the list"; exit 2 ;;
    esac
  done < <(mutants_list)
}

# occurrences FILE STRING: how many times STRING occurs in FILE.
occurrences() {
  FROM=$2 perl -0777 -ne '$f = $ENV{FROM}; $c = () = /\Q$f\E/g; print $c' "$1"
}

# mutate FILE FROM TO: replace the one occurrence.
mutate() {
  FROM=$2 TO=$3 perl -0777 -pi -e '$f = $ENV{FROM}; $t = $ENV{TO}; s/\Q$f\E/$t/' "$1"
}

load_list
total=${#M_ID[@]}

# Which mutants: all, or those named.
sel=()
if [ $# -gt 0 ] && [ "$1" != --check ]; then
  for want in "$@"; do
    found=0
    for ((i = 0; i < total; i++)); do
      [ "${M_ID[i]}" = "$want" ] && { sel+=("$i"); found=1; }
    done
    [ $found = 1 ] || { echo "mutants: no mutant '$want'"; exit 2; }
  done
else
  for ((i = 0; i < total; i++)); do sel+=("$i"); done
fi

# Does each still apply?
applies=()
for i in "${sel[@]}"; do
  f=${M_FILE[i]}
  if [ ! -f "$f" ]; then applies[i]="no file $f"; continue; fi
  c=$(occurrences "$f" "${M_FROM[i]}")
  if [ "$c" = 1 ]; then applies[i]=yes; else applies[i]="found $c times in $f"; fi
done
if [ "${1:-}" = --check ]; then
  bad=0
  for i in "${sel[@]}"; do
    if [ "${applies[i]}" = yes ]; then printf 'applies            %s\n' "${M_ID[i]}"
    else printf 'NO LONGER APPLIES  %s (%s)\n' "${M_ID[i]}" "${applies[i]}"; bad=1; fi
  done
  exit $bad
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/optle-mutants.XXXXXX") || exit 2
cleanup() { [ "${MUTANT_KEEP:-0}" = 1 ] || rm -rf "$tmp"; }
trap cleanup EXIT
trap 'exit 130' INT TERM
# Each copy is DIR/optle (base/optle, m/optle), with nothing beside it.

# The base copy: the working tree's files (tracked, and untracked but not
# ignored), with their times, built once; each mutant starts from a copy
# of it, so only the mutated file and what depends on it are rebuilt.
base=$tmp/base/optle
mkdir -p "$base"
git ls-files -z -co --exclude-standard | tar -c --null -T - -f - | tar -x -C "$base" -f -
[ -f .deps-ok ] && cp -p .deps-ok "$base/"
[ -f .deps-tsan-ok ] && cp -p .deps-tsan-ok "$base/"

echo "mutants: building and testing the untouched copy in $base"
t0=$(date +%s)
if ! (cd "$base" && make optle tests/check_optle >"$tmp/base.log" 2>&1 &&
  timeout "$timeout_s" make test >>"$tmp/base.log" 2>&1); then
  tail -n 30 "$tmp/base.log"
  echo "mutants: the untouched copy fails its tests: nothing to measure"
  exit 2
fi
echo "mutants: untouched copy passes ($(($(date +%s) - t0)) s)"

# first_failure LOG: the first line that says what failed.
first_failure() {
  grep -m 1 -E '^(FAIL|tests/check_[a-z_]+\.c:[0-9]+:[FE]:|.*RACE \(|make: \*\*\*)' "$1" |
    cut -c 1-160
}

results=()
caught=0 survived=0 equivalent=0 stale=0 broken=0
for i in "${sel[@]}"; do
  id=${M_ID[i]}
  if [ "${applies[i]}" != yes ]; then
    results+=("| $id | ${M_AREA[i]} | ${M_WHY[i]} | NO LONGER APPLIES | ${applies[i]} | |")
    printf '%-28s NO LONGER APPLIES (%s)\n' "$id" "${applies[i]}"
    stale=$((stale + 1))
    continue
  fi
  work=$tmp/m/optle
  rm -rf "$tmp/m"
  mkdir -p "$tmp/m"
  cp -a "$base" "$work"
  mutate "$work/${M_FILE[i]}" "${M_FROM[i]}" "${M_TO[i]}"
  log=$tmp/$id.log
  t0=$(date +%s)
  if ! (cd "$work" && make optle tests/check_optle >"$log" 2>&1); then
    results+=("| $id | ${M_AREA[i]} | ${M_WHY[i]} | DOES NOT BUILD | $(grep -m 1 'error' "$log" | cut -c 1-120) | |")
    printf '%-28s DOES NOT BUILD\n' "$id"
    broken=$((broken + 1))
    continue
  fi
  # The test command's steps (split at " && ") one by one, to name the
  # step that failed.
  rest=${M_TEST[i]} rc=0 step=""
  while [ -n "$rest" ] && [ $rc = 0 ]; do
    step=${rest%% && *}
    [ "$step" = "$rest" ] && rest="" || rest=${rest#* && }
    echo "== mutants: $step" >>"$log"
    from=$(wc -l <"$log")
    (cd "$work" && timeout "$timeout_s" bash -c "$step") >>"$log" 2>&1
    rc=$?
  done
  secs=$(($(date +%s) - t0))
  if [ $rc = 0 ]; then
    if [ -n "${M_EQUIV[i]}" ]; then
      verdict="equivalent"
      detail="${M_EQUIV[i]}"
      equivalent=$((equivalent + 1))
    else
      verdict="SURVIVED"
      detail="passed \`${M_TEST[i]}\`"
      survived=$((survived + 1))
    fi
  else
    verdict="caught"
    [ $rc = 124 ] && verdict="caught (timeout)"
    tail -n +$((from + 1)) "$log" >"$log.step"
    detail="\`$step\`: $(first_failure "$log.step")"
    [ -n "${M_EQUIV[i]}" ] && detail="listed as equivalent, but caught: $detail"
    caught=$((caught + 1))
  fi
  results+=("| $id | ${M_AREA[i]} | ${M_WHY[i]} | $verdict | ${detail//|/\\|} | $secs |")
  printf '%-28s %-16s %4d s  %s\n' "$id" "$verdict" "$secs" "${detail:0:110}"
done

counted=$((${#sel[@]} - equivalent))
ratio="n/a"
[ $counted -gt 0 ] && ratio="$caught/$counted ($((100 * caught / counted))%)"
{
  echo "| mutant | area | the bug | result | caught by (the step, its first failure), or why equivalent | s |"
  echo "|---|---|---|---|---|---:|"
  printf '%s\n' "${results[@]}"
  echo
  echo "${#sel[@]} mutants: $caught caught, $survived survived, $equivalent equivalent," \
    "$stale no longer apply, $broken do not build; kill ratio $ratio"
} >"$tmp/mutants.md"
mkdir -p build
cp "$tmp/mutants.md" build/mutants.md
echo "== summary (also in build/mutants.md)"
tail -n 1 "$tmp/mutants.md"
[ $((survived + stale + broken)) = 0 ]
