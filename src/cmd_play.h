/*
 * cmd_play.h: what cmd_play.c (the command: options, the two modes'
 * loops, input) and cmd_play_show.c (what play prints: tiles and the
 * keyboard, hints, the end of a game with the lines side by side and the
 * analysis, the wider set of answers) share.  Private to them.
 */
#ifndef OPTLE_CMD_PLAY_H
#define OPTLE_CMD_PLAY_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "advice.h"
#include "game.h"
#include "history.h"

/* Longest input line accepted, in bytes (without the newline). */
#define PLAY_LINE_MAX 200
/* Longest line read at all: past it the input is not a player's (an
 * endless line, as from a device), and the game ends (status 2). */
#define PLAY_LINE_CAP 65536
/* The guesses --assist lists when --top is not given. */
#define PLAY_TOP_DEFAULT 5

/* Most guesses in one game when there is no guess limit. */
#define PLAY_MAX_STEPS 64

typedef struct {
  const game *g;                /* the game of the answers that fit: main_g or &wide */
  advisor *adv;                 /* its advisor: main_adv or wide_adv */
  const game *main_g;           /* the lists' game */
  advisor *main_adv;
  bool from_guesses;            /* --answers-from guesses */
  game wide;                    /* history_wider()'s game for h[0..wide_from) */
  advisor *wide_adv;
  int wide_from;                /* -1: not in use */
  char wide_note[1024];         /* advisor_opts.wider */
  advisor_opts ao;              /* the main advisor's options */
  bool colour, prompt, hints, assist;
  int max_guesses, top;
  const char *tree_name;
  char *lists;                  /* the list options, for suggested commands (shell words) */
  int answer;                   /* game mode: the hidden answer */
  int tree_first;               /* the tree's first guess, or -1 */
  hstep h[PLAY_MAX_STEPS];
  int k;                        /* guesses made */
  int lineno;                   /* input lines read */
  uint16_t *set;                /* the answers that fit h[0..k) */
  int n;
  int keys[26];                 /* 0 unknown, 1 gray, 2 yellow, 3 green */
} play;

/* cmd_play_show.c: each is described where it is defined. */
int play_show_guess(const play *p, FILE *fp, hstep st);
void play_update_keys(play *p, hstep st);
void play_show_keys(const play *p);
void play_show_hint(play *p);
void play_wide_drop(play *p);
int play_fit(play *p, int k);
void play_game_over(play *p, bool won, int answer);

#endif
