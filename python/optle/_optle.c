/*
 * _optle.c: the CPython extension under `import optle` (python/README.md),
 * a thin layer over the C API (include/optle.h): handles for games,
 * results and tree nodes, and the four calls.  optle/__init__.py gives
 * them their Python shape (keyword arguments, plain dicts and lists).
 *
 * Long calls.  solve, next and rank run on the worker thread with the
 * GIL released, while the calling thread waits for it: it wakes when the
 * worker ends, when the library's progress callback (on the library's
 * monitor thread) has news, and every POLL_SECONDS, and with the GIL
 * held runs the Python progress callback and PyErr_CheckSignals().  So
 * Ctrl-C raises KeyboardInterrupt within a fraction of a second (the
 * search is told to stop with optle_stop() and the worker joined first),
 * a callback that returns True stops the search (its result comes back,
 * not proven), and a callback that raises stops it and re-raises.  A
 * callback that calls solve, next or rank is refused (RuntimeError): the
 * worker is its own search's until the callback returns.
 * Python code never runs on any thread but the caller's.
 *
 * The worker is one thread, started with the first call and kept: the
 * library runs one search at a time anyway (optle.h), and a thread of
 * its own per call would also give OpenMP a new team each time (its
 * threads' stacks then cached by the C library: memory that grows with
 * the calls).  Callers from several Python threads take turns.  A
 * forked child starts a worker of its own (pthread_atfork).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <pthread.h>
#include <string.h>
#include <time.h>

#include "optle.h"

#define POLL_SECONDS 0.05

static PyObject *Error, *InputError, *NoStrategyError, *InvalidTreeError, *StoppedError,
    *ResourceError;

/* The exception for a status, with the message (optle_errmsg() of the
 * thread that failed). */
static PyObject *raise_msg(int rc, const char *msg) {
  PyObject *type = rc == OPTLE_EINPUT     ? InputError
                   : rc == OPTLE_EFAIL    ? NoStrategyError
                   : rc == OPTLE_ESTOPPED ? StoppedError
                   : rc == OPTLE_ENOMEM   ? ResourceError
                                          : Error;
  PyErr_SetString(type, msg);
  return NULL;
}

static PyObject *raise_status(int rc) { return raise_msg(rc, optle_errmsg()); }

/* ------------------------------------------------------------------ */
/* Game                                                                 */

typedef struct {
  PyObject_HEAD optle_game *g;
} GameObject;

static void Game_dealloc(GameObject *self) {
  optle_game_free(self->g);
  Py_TYPE(self)->tp_free((PyObject *)self);
}

/* o's UTF-8 (NULL after an exception): a str without NUL characters,
 * which C would read cut short at the first.  what names it ("word 3"). */
static const char *c_str(PyObject *o, const char *what) {
  Py_ssize_t len = 0;
  const char *s = PyUnicode_Check(o) ? PyUnicode_AsUTF8AndSize(o, &len) : NULL;
  if (s && strlen(s) == (size_t)len) return s;
  if (s) PyErr_Format(PyExc_ValueError, "%s (%R) holds a NUL character", what, o);
  else if (!PyErr_Occurred())
    PyErr_Format(PyExc_TypeError, "%s is not a str but %s", what, Py_TYPE(o)->tp_name);
  return NULL;
}

/* A sequence of str as a C array (NULL after an exception). */
static const char **str_array(PyObject *seq, Py_ssize_t *n, PyObject **keep) {
  PyObject *fast = PySequence_Fast(seq, "expected a sequence of words");
  if (!fast) return NULL;
  *n = PySequence_Fast_GET_SIZE(fast);
  const char **w = PyMem_Calloc(*n ? (size_t)*n : 1, sizeof *w);
  if (!w) {
    Py_DECREF(fast);
    PyErr_NoMemory();
    return NULL;
  }
  for (Py_ssize_t i = 0; i < *n; i++) {
    char what[32];
    snprintf(what, sizeof what, "word %zd", i + 1);
    if (!(w[i] = c_str(PySequence_Fast_GET_ITEM(fast, i), what))) {
      PyMem_Free(w);
      Py_DECREF(fast);
      return NULL;
    }
  }
  *keep = fast;
  return w;
}

static int Game_init(GameObject *self, PyObject *args, PyObject *kw) {
  static char *kwlist[] = {"list", "answers_file", "guesses_file", "answers", "guesses", "tree",
                           "force", "rules", "max_guesses", NULL};
  const char *list = NULL, *afile = NULL, *gfile = NULL, *tree = NULL, *rules = NULL;
  PyObject *aw = Py_None, *gw = Py_None;
  int force = 0, max_guesses = 6;
  if (!PyArg_ParseTupleAndKeywords(args, kw, "|zzzOOzpzi", kwlist, &list, &afile, &gfile, &aw,
                                   &gw, &tree, &force, &rules, &max_guesses))
    return -1;
  if (self->g) { /* a search or a result may use it: a Game is set up once */
    PyErr_SetString(PyExc_RuntimeError, "a Game is set up once: make a new one");
    return -1;
  }
  int rc;
  if (aw != Py_None) {
    PyObject *ka = NULL, *kg = NULL;
    Py_ssize_t na = 0, ng = 0;
    const char **a = str_array(aw, &na, &ka), **g = NULL;
    if (!a) return -1;
    if (gw != Py_None && !(g = str_array(gw, &ng, &kg))) {
      PyMem_Free(a);
      Py_DECREF(ka);
      return -1;
    }
    rc = optle_game_words(a, (int)na, g, (int)ng, &self->g);
    PyMem_Free(a);
    PyMem_Free(g);
    Py_XDECREF(ka);
    Py_XDECREF(kg);
  } else if (afile) {
    Py_BEGIN_ALLOW_THREADS rc = optle_game_files(afile, gfile, &self->g);
    Py_END_ALLOW_THREADS
  } else if (tree) {
    Py_BEGIN_ALLOW_THREADS rc = optle_game_for_tree(tree, force, &self->g);
    Py_END_ALLOW_THREADS
  } else {
    rc = optle_game_named(list, &self->g);
  }
  if (!rc && rules) rc = optle_game_set_rules(self->g, rules);
  if (!rc) rc = optle_game_set_max_guesses(self->g, max_guesses);
  if (rc) {
    raise_status(rc);
    return -1;
  }
  return 0;
}

static PyObject *Game_get_words(GameObject *self, PyObject *which) {
  int answers = PyObject_IsTrue(which);
  int n = answers ? optle_game_answers(self->g) : optle_game_guesses(self->g);
  PyObject *l = PyList_New(n);
  for (int i = 0; l && i < n; i++) {
    PyObject *s = PyUnicode_FromString(answers ? optle_game_answer(self->g, i)
                                               : optle_game_guess(self->g, i));
    if (!s) {
      Py_DECREF(l);
      return NULL;
    }
    PyList_SET_ITEM(l, i, s);
  }
  return l;
}

static PyObject *Game_describe(GameObject *self, PyObject *unused) {
  (void)unused;
  return PyUnicode_FromString(optle_game_describe(self->g));
}

static PyMethodDef Game_methods[] = {
    {"words", (PyCFunction)Game_get_words, METH_O, "words(answers: bool) -> list[str]"},
    {"describe", (PyCFunction)Game_describe, METH_NOARGS, "the lists, as the CLI says them"},
    {NULL, NULL, 0, NULL}};

static PyTypeObject GameType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "optle._optle.Game",
    .tp_basicsize = sizeof(GameObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A game: word lists, rules and guess limit (optle.h optle_game).",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Game_init,
    .tp_dealloc = (destructor)Game_dealloc,
    .tp_methods = Game_methods,
};

/* ------------------------------------------------------------------ */
/* Result and Node                                                      */

typedef struct {
  PyObject_HEAD optle_result *r;
  int status; /* OPTLE_OK, or OPTLE_ESTOPPED */
} ResultObject;

typedef struct {
  PyObject_HEAD ResultObject *owner;
  const optle_node *n;
} NodeObject;

static PyTypeObject ResultType, NodeType;

static void Result_dealloc(ResultObject *self) {
  optle_result_free(self->r);
  Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *result_new(optle_result *r, int status) {
  ResultObject *o = PyObject_New(ResultObject, &ResultType);
  if (!o) {
    optle_result_free(r);
    return NULL;
  }
  o->r = r;
  o->status = status;
  return (PyObject *)o;
}

static PyObject *node_new(ResultObject *owner, const optle_node *n) {
  if (!n) Py_RETURN_NONE;
  NodeObject *o = PyObject_New(NodeObject, &NodeType);
  if (!o) return NULL;
  Py_INCREF(owner);
  o->owner = owner;
  o->n = n;
  return (PyObject *)o;
}

/* The figures, as one dict (optle/__init__.py's Result reads it). */
static PyObject *Result_info(ResultObject *self, PyObject *unused) {
  (void)unused;
  const optle_result *r = self->r;
  int dist[256], most = optle_result_distribution(r, dist, 256);
  PyObject *d = PyDict_New();
  for (int k = 1; d && k <= most && k < 256; k++) {
    if (!dist[k]) continue;
    PyObject *key = PyLong_FromLong(k), *v = PyLong_FromLong(dist[k]);
    if (!key || !v || PyDict_SetItem(d, key, v)) Py_CLEAR(d);
    Py_XDECREF(key);
    Py_XDECREF(v);
  }
  if (!d) return NULL;
  char hash[17] = "";
  if (optle_result_root(r))
    snprintf(hash, sizeof hash, "%016llx", (unsigned long long)optle_result_hash(r));
  const char *first = optle_result_first(r);
  const optle_game *g = optle_result_game(r);
  return Py_BuildValue("{s:i,s:O,s:i,s:z,s:i,s:N,s:z,s:d,s:O,s:s,s:s,s:i,s:s}", "total",
                       optle_result_total(r), "proven",
                       optle_result_proven(r) ? Py_True : Py_False, "lower_bound",
                       optle_result_lower_bound(r), "first", first, "answers",
                       optle_result_answers(r), "distribution", d, "hash", hash[0] ? hash : NULL,
                       "seconds", optle_result_seconds(r), "stopped",
                       self->status == OPTLE_ESTOPPED ? Py_True : Py_False, "lists",
                       optle_game_describe(g), "rules", optle_result_rules(r), "max_guesses",
                       optle_result_max_guesses(r), "objective", optle_result_objective(r));
}

static PyObject *Result_export(ResultObject *self, PyObject *args) {
  const char *fmt = "json";
  if (!PyArg_ParseTuple(args, "|z", &fmt)) return NULL;
  char *data;
  size_t len;
  int rc = optle_export(self->r, fmt, &data, &len);
  if (rc) return raise_status(rc);
  /* A picture in PNG is bytes; every other format is UTF-8 text. */
  PyObject *s = fmt && !strcmp(fmt, "png") ? PyBytes_FromStringAndSize(data, (Py_ssize_t)len)
                                           : PyUnicode_DecodeUTF8(data, (Py_ssize_t)len, "strict");
  optle_free(data);
  return s;
}

static PyObject *Result_write(ResultObject *self, PyObject *args) {
  const char *path, *fmt = NULL;
  if (!PyArg_ParseTuple(args, "s|z", &path, &fmt)) return NULL;
  int rc;
  Py_BEGIN_ALLOW_THREADS rc = optle_write(self->r, path, fmt);
  Py_END_ALLOW_THREADS if (rc) return raise_status(rc);
  Py_RETURN_NONE;
}

static PyObject *Result_root(ResultObject *self, PyObject *unused) {
  (void)unused;
  return node_new(self, optle_result_root(self->r));
}

static PyMethodDef Result_methods[] = {
    {"info", (PyCFunction)Result_info, METH_NOARGS, "the figures, as a dict"},
    {"export", (PyCFunction)Result_export, METH_VARARGS,
     "export(format='json') -> str (bytes for png)"},
    {"write", (PyCFunction)Result_write, METH_VARARGS, "write(path, format=None)"},
    {"root", (PyCFunction)Result_root, METH_NOARGS, "the tree's root Node, or None"},
    {NULL, NULL, 0, NULL}};

static PyTypeObject ResultType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "optle._optle.Result",
    .tp_basicsize = sizeof(ResultObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A solve's or a verified tree's result (optle.h optle_result).",
    .tp_dealloc = (destructor)Result_dealloc,
    .tp_methods = Result_methods,
};

static void Node_dealloc(NodeObject *self) {
  Py_DECREF(self->owner);
  Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *Node_guess(NodeObject *self, void *c) {
  (void)c;
  return PyUnicode_FromString(optle_node_guess(self->owner->r, self->n));
}
static PyObject *Node_answers(NodeObject *self, void *c) {
  (void)c;
  return PyLong_FromLong(optle_node_answers(self->n));
}
static PyObject *Node_total(NodeObject *self, void *c) {
  (void)c;
  return PyLong_FromLong(optle_node_total(self->n));
}
static PyObject *Node_wins(NodeObject *self, void *c) {
  (void)c;
  return PyBool_FromLong(optle_node_wins(self->n));
}

/* [(pattern, Node), ...] in the tree's order. */
static PyObject *Node_branches(NodeObject *self, void *c) {
  (void)c;
  int k = optle_node_branches(self->n);
  PyObject *l = PyList_New(k);
  for (int i = 0; l && i < k; i++) {
    char pat[6];
    PyObject *t = Py_BuildValue("(sN)", optle_node_pattern(self->n, i, pat),
                                node_new(self->owner, optle_node_child(self->n, i)));
    if (!t) {
      Py_DECREF(l);
      return NULL;
    }
    PyList_SET_ITEM(l, i, t);
  }
  return l;
}

static PyObject *Node_follow(NodeObject *self, PyObject *arg) {
  const char *pat = c_str(arg, "follow()'s pattern");
  if (!pat) return NULL;
  return node_new(self->owner, optle_node_follow(self->n, pat));
}

static PyObject *Node_repr(NodeObject *self) {
  return PyUnicode_FromFormat("<optle.Node %s: %d answers, total %d, %d branches>",
                              optle_node_guess(self->owner->r, self->n),
                              optle_node_answers(self->n), optle_node_total(self->n),
                              optle_node_branches(self->n));
}

static PyGetSetDef Node_getset[] = {
    {"guess", (getter)Node_guess, NULL, "the guess made here", NULL},
    {"answers", (getter)Node_answers, NULL, "how many answers reach this node", NULL},
    {"total", (getter)Node_total, NULL, "their guesses summed, from this one on", NULL},
    {"wins", (getter)Node_wins, NULL, "True when the guess is one of the answers here", NULL},
    {"branches", (getter)Node_branches, NULL, "[(pattern, Node)], in the tree's order", NULL},
    {NULL, NULL, NULL, NULL, NULL}};

static PyMethodDef Node_methods[] = {
    {"follow", (PyCFunction)Node_follow, METH_O,
     "follow(pattern) -> Node | None: the child for a pattern ('BYBBG', '01002', squares)"},
    {NULL, NULL, 0, NULL}};

static PyTypeObject NodeType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "optle.Node",
    .tp_basicsize = sizeof(NodeObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A node of a strategy tree: a guess, and a branch per pattern (optle_node).",
    .tp_dealloc = (destructor)Node_dealloc,
    .tp_getset = Node_getset,
    .tp_methods = Node_methods,
    .tp_repr = (reprfunc)Node_repr,
};

/* ------------------------------------------------------------------ */
/* Long calls: a worker thread, the caller waiting with the GIL released */

typedef struct job job;
struct job {
  int (*run)(job *);
  int rc;
  pthread_mutex_t mu;
  pthread_cond_t cv;
  int done, news, stop;
  optle_progress last;
  char phase[128], best_first[8];
  /* The call's own: */
  optle_game *g;
  const char *first, *objective, *probe;
  const char **words;
  int nwords, top, cutoff, prove, threads, memo_mb;
  double time_limit, interval;
  int with_progress;
  char msg[1024]; /* optle_errmsg() on the worker, which failed */
  optle_result *result;
  optle_advice *advice;
  optle_ranking *ranking;
};

/* The library's callback (its monitor thread): keep the news, wake the
 * caller; nonzero once the caller asked to stop. */
static int job_progress(const optle_progress *p, void *arg) {
  job *j = arg;
  pthread_mutex_lock(&j->mu);
  j->last = *p;
  snprintf(j->phase, sizeof j->phase, "%s", p->phase ? p->phase : "");
  snprintf(j->best_first, sizeof j->best_first, "%s", p->best_first ? p->best_first : "");
  j->news = 1;
  pthread_cond_signal(&j->cv);
  int stop = j->stop;
  pthread_mutex_unlock(&j->mu);
  return stop;
}

static void job_run(job *j) {
  int rc = j->run(j);
  snprintf(j->msg, sizeof j->msg, "%s", rc ? optle_errmsg() : "");
  pthread_mutex_lock(&j->mu);
  j->rc = rc;
  j->done = 1;
  pthread_cond_signal(&j->cv);
  pthread_mutex_unlock(&j->mu);
}

/* The worker: one job at a time, from `slot`. */
static pthread_mutex_t worker_mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t worker_cv = PTHREAD_COND_INITIALIZER;
static job *slot;
static int worker_up, slot_busy;

static void *worker_main(void *unused) {
  (void)unused;
  pthread_mutex_lock(&worker_mu);
  for (;;) {
    while (!slot) pthread_cond_wait(&worker_cv, &worker_mu);
    job *j = slot;
    pthread_mutex_unlock(&worker_mu);
    job_run(j);
    pthread_mutex_lock(&worker_mu);
    slot = NULL;
    slot_busy = 0;
    pthread_cond_broadcast(&worker_cv);
  }
  return NULL;
}

static void worker_forked(void) {
  pthread_mutex_init(&worker_mu, NULL);
  pthread_cond_init(&worker_cv, NULL);
  slot = NULL;
  worker_up = slot_busy = 0;
}

/* POLL_SECONDS from now on clock k (a timed wait's end). */
static struct timespec poll_end(clockid_t k) {
  struct timespec ts;
  clock_gettime(k, &ts);
  ts.tv_nsec += (long)(POLL_SECONDS * 1e9);
  if (ts.tv_nsec >= 1000000000L) ts.tv_sec++, ts.tv_nsec -= 1000000000L;
  return ts;
}

/* Hand j to the worker (started now if need be), once it is free.
 * Called without the GIL.  0; 1 when the worker is still busy with
 * another thread's call after POLL_SECONDS (the caller checks for
 * signals, and asks again); -1 when no thread can be started. */
static int worker_submit(job *j) {
  pthread_mutex_lock(&worker_mu);
  if (!worker_up) {
    pthread_t th;
    pthread_attr_t at;
    pthread_attr_init(&at);
    pthread_attr_setdetachstate(&at, PTHREAD_CREATE_DETACHED);
    worker_up = !pthread_create(&th, &at, worker_main, NULL);
    pthread_attr_destroy(&at);
    if (!worker_up) {
      pthread_mutex_unlock(&worker_mu);
      return -1;
    }
  }
  if (slot_busy) {
    struct timespec ts = poll_end(CLOCK_REALTIME); /* worker_cv's clock, the default */
    pthread_cond_timedwait(&worker_cv, &worker_mu, &ts);
    if (slot_busy) {
      pthread_mutex_unlock(&worker_mu);
      return 1;
    }
  }
  slot_busy = 1;
  slot = j;
  pthread_cond_broadcast(&worker_cv);
  pthread_mutex_unlock(&worker_mu);
  return 0;
}

static PyObject *progress_dict(const job *j) {
  const optle_progress *p = &j->last;
  PyObject *best = p->best >= 0 ? PyLong_FromLong(p->best) : Py_NewRef(Py_None);
  if (!best) return NULL;
  return Py_BuildValue("{s:d,s:s,s:i,s:i,s:i,s:i,s:N,s:z}", "seconds", p->seconds, "phase",
                       j->phase, "settled", p->settled, "of", p->of, "done", p->done, "total",
                       p->total, "best", best, "best_first",
                       j->best_first[0] ? j->best_first : NULL);
}

/* Stop j's call: marked (its progress callback answers "stop"), and the
 * library's flag raised if it has not ended, under j's lock, which the
 * worker holds to mark j done before it can take the next job, so a
 * stop meant for j never reaches another thread's call. */
static void stop_job(job *j) {
  pthread_mutex_lock(&j->mu);
  j->stop = 1;
  if (!j->done) optle_stop();
  pthread_mutex_unlock(&j->mu);
}

/* Set while this thread runs a progress callback. */
static _Thread_local int in_callback;

/* Run j->run on the worker thread; the caller (holding the GIL) waits,
 * running callback (may be NULL) on news and checking for signals.
 * 0: the call's status is j->rc; -1: a Python exception is set (the
 * search was stopped, and has ended). */
static int job_wait(job *j, PyObject *callback) {
  if (in_callback) { /* its own search waits for it: it would wait for ever */
    PyErr_SetString(PyExc_RuntimeError,
                    "a progress callback cannot start a search (its own search waits for it)");
    return -1;
  }
  pthread_mutex_init(&j->mu, NULL);
  pthread_condattr_t ca;
  pthread_condattr_init(&ca);
  pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
  pthread_cond_init(&j->cv, &ca);
  pthread_condattr_destroy(&ca);
  /* Another thread's call may hold the worker for hours: wait for it in
   * slices, so that Ctrl-C still reaches this one. */
  int bad;
  do {
    Py_BEGIN_ALLOW_THREADS bad = worker_submit(j);
    Py_END_ALLOW_THREADS
  } while (bad == 1 && PyErr_CheckSignals() == 0);
  if (bad) { /* never ran: no thread, or a signal's exception set */
    pthread_cond_destroy(&j->cv);
    pthread_mutex_destroy(&j->mu);
    if (bad < 0) PyErr_SetString(PyExc_RuntimeError, "cannot start a thread for the search");
    return -1;
  }
  int failed = 0, stopping = 0;
  for (;;) {
    int done, news = 0;
    job snap;
    Py_BEGIN_ALLOW_THREADS pthread_mutex_lock(&j->mu);
    if (!j->done && !j->news) {
      struct timespec ts = poll_end(CLOCK_MONOTONIC);
      pthread_cond_timedwait(&j->cv, &j->mu, &ts);
    }
    done = j->done;
    if (j->news) {
      news = 1;
      j->news = 0;
      snap.last = j->last;
      memcpy(snap.phase, j->phase, sizeof snap.phase);
      memcpy(snap.best_first, j->best_first, sizeof snap.best_first);
    }
    pthread_mutex_unlock(&j->mu);
    Py_END_ALLOW_THREADS if (done) break;
    /* Stopping: wait for the worker, asking again at every poll.  The
     * call may not have begun when it was first asked, and a call
     * clears the flag as it begins (a loaded machine showed it: the
     * whole root proof ran after Ctrl-C). */
    if (stopping) {
      stop_job(j);
      continue;
    }
    int stop = 0;
    if (news && callback) {
      PyObject *p = progress_dict(&snap);
      in_callback = 1;
      PyObject *r = p ? PyObject_CallOneArg(callback, p) : NULL;
      in_callback = 0;
      Py_XDECREF(p);
      /* A result whose truth cannot be told (bool() raises) fails the
       * call, as the callback's own exception does. */
      int truth = r ? PyObject_IsTrue(r) : -1;
      if (truth < 0) failed = 1;
      else stop = truth;
      Py_XDECREF(r);
    }
    if (!failed && PyErr_CheckSignals() < 0) failed = 1;
    if (failed || stop) {
      stopping = 1;
      stop_job(j);
    }
  }
  pthread_cond_destroy(&j->cv);
  pthread_mutex_destroy(&j->mu);
  return failed ? -1 : 0;
}

static int run_solve(job *j) {
  optle_solve_opts o;
  optle_solve_opts_init(&o);
  o.first = j->first;
  o.probe = j->probe;
  o.objective = j->objective;
  o.threads = j->threads;
  o.memo_mb = j->memo_mb;
  o.time_limit = j->time_limit;
  if (j->with_progress) o.progress = job_progress, o.progress_arg = j;
  o.progress_interval = j->interval; /* 0: the library's default */
  return optle_solve(j->g, &o, &j->result);
}

static int run_next(job *j) {
  optle_next_opts o;
  optle_next_opts_init(&o);
  o.top = j->top;
  o.prove = j->prove;
  o.threads = j->threads;
  o.memo_mb = j->memo_mb;
  o.time_limit = j->time_limit;
  if (j->with_progress) o.progress = job_progress, o.progress_arg = j;
  o.progress_interval = j->interval; /* 0: the library's default */
  return optle_next(j->g, j->words, j->nwords, &o, &j->advice);
}

static int run_rank(job *j) {
  optle_rank_opts o;
  optle_rank_opts_init(&o);
  o.top = j->top;
  o.cutoff = j->cutoff;
  o.words = j->words;
  o.nwords = j->nwords;
  o.probe = j->probe;
  o.threads = j->threads;
  o.memo_mb = j->memo_mb;
  o.time_limit = j->time_limit;
  if (j->with_progress) o.progress = job_progress, o.progress_arg = j;
  o.progress_interval = j->interval; /* 0: the library's default */
  return optle_rank(j->g, &o, &j->ranking);
}

/* The options every long call takes, into j; 0 or -1 (an exception). */
static int callback_ok(PyObject *cb) {
  if (cb != Py_None && !PyCallable_Check(cb)) {
    PyErr_SetString(PyExc_TypeError, "progress must be callable or None");
    return -1;
  }
  return 0;
}

static PyObject *py_solve(PyObject *mod, PyObject *args, PyObject *kw) {
  (void)mod;
  static char *kwlist[] = {"game", "first", "objective", "threads", "memo_mb", "time_limit",
                           "progress", "progress_interval", "probe", NULL};
  GameObject *g;
  PyObject *cb = Py_None;
  job j = {.run = run_solve};
  if (!PyArg_ParseTupleAndKeywords(args, kw, "O!|zziidOdz", kwlist, &GameType, &g, &j.first,
                                   &j.objective, &j.threads, &j.memo_mb, &j.time_limit, &cb,
                                   &j.interval, &j.probe) ||
      callback_ok(cb))
    return NULL;
  j.g = g->g;
  j.with_progress = cb != Py_None;
  if (job_wait(&j, cb == Py_None ? NULL : cb)) {
    optle_result_free(j.result);
    return NULL;
  }
  if (j.rc != OPTLE_OK && j.rc != OPTLE_ESTOPPED) return raise_msg(j.rc, j.msg);
  return result_new(j.result, j.rc);
}

static PyObject *py_verify(PyObject *mod, PyObject *args) {
  (void)mod;
  GameObject *g;
  const char *path;
  int max_guesses = -1, rc;
  if (!PyArg_ParseTuple(args, "O!s|i", &GameType, &g, &path, &max_guesses)) return NULL;
  optle_result *r;
  Py_BEGIN_ALLOW_THREADS rc = optle_verify(g->g, path, max_guesses, &r);
  Py_END_ALLOW_THREADS if (rc == OPTLE_EFAIL) {
    PyErr_SetString(InvalidTreeError, optle_errmsg());
    return NULL;
  }
  if (rc) return raise_status(rc);
  return result_new(r, OPTLE_OK);
}

/* A sequence of str kept alive in *keep while j uses it. */
static int words_arg(PyObject *seq, job *j, PyObject **keep) {
  if (seq == Py_None) return 0;
  Py_ssize_t n;
  if (!(j->words = str_array(seq, &n, keep))) return -1;
  j->nwords = (int)n;
  return 0;
}

static PyObject *py_next(PyObject *mod, PyObject *args, PyObject *kw) {
  (void)mod;
  static char *kwlist[] = {"game", "history", "top", "prove", "threads", "memo_mb",
                           "time_limit", "progress", "progress_interval", NULL};
  GameObject *g;
  PyObject *hist, *cb = Py_None, *keep = NULL;
  job j = {.run = run_next, .top = 5};
  if (!PyArg_ParseTupleAndKeywords(args, kw, "O!O|ipiidOd", kwlist, &GameType, &g, &hist, &j.top,
                                   &j.prove, &j.threads, &j.memo_mb, &j.time_limit, &cb,
                                   &j.interval) ||
      callback_ok(cb) || words_arg(hist, &j, &keep))
    return NULL;
  j.g = g->g;
  j.with_progress = cb != Py_None;
  int failed = job_wait(&j, cb == Py_None ? NULL : cb);
  PyMem_Free(j.words);
  Py_XDECREF(keep);
  optle_advice *a = j.advice;
  if (failed) {
    optle_advice_free(a);
    return NULL;
  }
  if (j.rc) return raise_msg(j.rc, j.msg);
  PyObject *answers = PyList_New(optle_advice_answers(a));
  for (int i = 0; answers && i < optle_advice_answers(a); i++)
    PyList_SET_ITEM(answers, i, PyUnicode_FromString(optle_advice_answer(a, i)));
  PyObject *ranking = PyList_New(optle_advice_ranked(a));
  for (int i = 0; ranking && i < optle_advice_ranked(a); i++)
    PyList_SET_ITEM(ranking, i,
                    Py_BuildValue("{s:s,s:i,s:O}", "guess", optle_advice_rank_guess(a, i),
                                  "total", optle_advice_rank_total(a, i), "could_be_answer",
                                  optle_advice_rank_in_set(a, i) ? Py_True : Py_False));
  PyObject *d = NULL;
  if (answers && ranking)
    d = Py_BuildValue("{s:O,s:i,s:i,s:z,s:i,s:z,s:N,s:N}", "solved",
                      optle_advice_solved(a) ? Py_True : Py_False, "guesses_made",
                      optle_advice_made(a), "guesses_left", optle_advice_left(a), "guess",
                      optle_advice_guess(a), "total", optle_advice_total(a), "source",
                      optle_advice_solved(a) ? NULL : optle_advice_source(a), "answers", answers,
                      "ranking", ranking);
  else {
    Py_XDECREF(answers);
    Py_XDECREF(ranking);
  }
  optle_advice_free(a);
  return d;
}

static PyObject *py_rank(PyObject *mod, PyObject *args, PyObject *kw) {
  (void)mod;
  static char *kwlist[] = {"game", "top", "cutoff", "words", "threads", "memo_mb", "time_limit",
                           "progress", "progress_interval", "probe", NULL};
  GameObject *g;
  PyObject *words = Py_None, *cb = Py_None, *keep = NULL;
  job j = {.run = run_rank, .cutoff = -1};
  if (!PyArg_ParseTupleAndKeywords(args, kw, "O!|iiOiidOdz", kwlist, &GameType, &g, &j.top,
                                   &j.cutoff, &words, &j.threads, &j.memo_mb, &j.time_limit, &cb,
                                   &j.interval, &j.probe) ||
      callback_ok(cb) || words_arg(words, &j, &keep))
    return NULL;
  if (words != Py_None && j.nwords == 0) {
    PyMem_Free(j.words);
    Py_XDECREF(keep);
    PyErr_SetString(InputError, "words: no words");
    return NULL;
  }
  j.g = g->g;
  j.with_progress = cb != Py_None;
  int failed = job_wait(&j, cb == Py_None ? NULL : cb);
  PyMem_Free(j.words);
  Py_XDECREF(keep);
  optle_ranking *k = j.ranking;
  if (failed) {
    optle_ranking_free(k);
    return NULL;
  }
  if (j.rc) return raise_msg(j.rc, j.msg);
  int n = optle_ranking_count(k), answers = optle_game_answers(g->g);
  PyObject *l = PyList_New(n);
  for (int i = 0; l && i < n; i++) {
    int v = optle_ranking_value(k, i);
    PyObject *row;
    if (v < 0)
      row = Py_BuildValue("{s:s,s:O,s:O,s:O}", "guess", optle_ranking_guess(k, i), "total",
                          Py_None, "exact", optle_ranking_exact(k, i) ? Py_True : Py_False,
                          "average", Py_None);
    else
      row = Py_BuildValue("{s:s,s:i,s:O,s:d}", "guess", optle_ranking_guess(k, i), "total", v,
                          "exact", optle_ranking_exact(k, i) ? Py_True : Py_False, "average",
                          (double)v / answers);
    if (!row) {
      Py_CLEAR(l);
      break;
    }
    PyList_SET_ITEM(l, i, row);
  }
  PyObject *out = l ? Py_BuildValue("(Ni)", l, optle_ranking_cutoff(k)) : NULL;
  optle_ranking_free(k);
  return out;
}

static PyObject *py_stop(PyObject *mod, PyObject *unused) {
  (void)mod;
  (void)unused;
  optle_stop();
  Py_RETURN_NONE;
}

static PyMethodDef module_methods[] = {
    {"solve", (PyCFunction)(void (*)(void))py_solve, METH_VARARGS | METH_KEYWORDS,
     "solve(game, first=None, objective=None, threads=0, memo_mb=0, time_limit=0, progress=None, "
     "progress_interval=0) -> Result"},
    {"verify", (PyCFunction)py_verify, METH_VARARGS, "verify(game, path, max_guesses=-1) -> Result"},
    {"next", (PyCFunction)(void (*)(void))py_next, METH_VARARGS | METH_KEYWORDS,
     "next(game, history, top=5, prove=False, ...) -> dict"},
    {"rank", (PyCFunction)(void (*)(void))py_rank, METH_VARARGS | METH_KEYWORDS,
     "rank(game, top=0, cutoff=-1, words=None, ...) -> (list[dict], cutoff)"},
    {"stop", py_stop, METH_NOARGS, "stop the search running now (any thread)"},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_optle",
                                    "optle's C API (include/optle.h), for optle/__init__.py.",
                                    -1, module_methods, NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__optle(void) {
  if (PyType_Ready(&GameType) < 0 || PyType_Ready(&ResultType) < 0 || PyType_Ready(&NodeType) < 0)
    return NULL;
  PyObject *m = PyModule_Create(&module);
  if (!m) return NULL;
  pthread_atfork(NULL, NULL, worker_forked);
  Error = PyErr_NewExceptionWithDoc("optle.Error", "An optle error (the CLI's message).",
                                    NULL, NULL);
  PyObject *input_bases = PyTuple_Pack(2, Error, PyExc_ValueError);
  InputError = PyErr_NewExceptionWithDoc(
      "optle.InputError", "Bad input: a list, word, file, history or option (exit status 2).",
      input_bases, NULL);
  Py_XDECREF(input_bases);
  NoStrategyError = PyErr_NewExceptionWithDoc(
      "optle.NoStrategyError", "No strategy keeps to the guess limit (exit status 1).", Error,
      NULL);
  InvalidTreeError = PyErr_NewExceptionWithDoc(
      "optle.InvalidTreeError", "A well-formed tree that is wrong (verify's status 1).", Error,
      NULL);
  StoppedError = PyErr_NewExceptionWithDoc(
      "optle.StoppedError", "Stopped before the answer was proven (exit status 4).", Error, NULL);
  PyObject *resource_bases = PyTuple_Pack(2, Error, PyExc_MemoryError);
  ResourceError = PyErr_NewExceptionWithDoc(
      "optle.ResourceError", "Out of memory, or an internal error (exit status 3).",
      resource_bases, NULL);
  Py_XDECREF(resource_bases);
  PyObject *types[] = {(PyObject *)&GameType, (PyObject *)&ResultType, (PyObject *)&NodeType,
                       Error, InputError, NoStrategyError, InvalidTreeError, StoppedError,
                       ResourceError};
  const char *names[] = {"Game",          "Result",          "Node",
                         "Error",         "InputError",      "NoStrategyError",
                         "InvalidTreeError", "StoppedError", "ResourceError"};
  for (size_t i = 0; i < sizeof types / sizeof *types; i++) {
    if (!types[i] || PyModule_AddObjectRef(m, names[i], types[i]) < 0) {
      Py_DECREF(m);
      return NULL;
    }
  }
  if (PyModule_AddStringConstant(m, "__version__", optle_version()) < 0 ||
      PyModule_AddIntConstant(m, "API_VERSION", OPTLE_API_VERSION) < 0) {
    Py_DECREF(m);
    return NULL;
  }
  return m;
}
