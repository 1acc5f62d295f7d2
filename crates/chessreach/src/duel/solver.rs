//! Exact retrograde analysis of a duel board: every position's result and its length.
//!
//! A position is (white square, black square, side to move), and also "after a move": if the
//! move just made ended the game, the position is terminal. Terminal positions are seeded, then
//! results flow backwards: a position is won for the side to move if some move reaches a
//! position it has won, lost if every move reaches one the other side has won, drawn otherwise.
//! Each position is visited once per move into it: O((n·m)² · 8) time, O((n·m)²) memory —
//! 10×10 in milliseconds, 40×40 in seconds.

use std::collections::VecDeque;

use super::Duel;
use crate::geometry::{Coord, Square};
use crate::piece::Colour;

/// The result of a position under best play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Nobody can force a win.
    Draw,
    /// This side wins, the game lasting `plies` more half-moves (0: it is already over).
    Win {
        /// The winner.
        side: Colour,
        /// Half-moves to the end with best play (the loser prolonging).
        plies: u32,
    },
}

/// Every position of one board, solved.
pub struct Solved {
    duel: Duel,
    squares: usize,
    /// Per position: 0 unknown/draw, 1 White wins, 2 Black wins.
    winner: Vec<u8>,
    plies: Vec<u32>,
    terminal: Vec<bool>,
}

impl Solved {
    fn index(&self, w: Square, b: Square, to_move: Colour) -> usize {
        (w.index() * self.squares + b.index()) * 2 + to_move.index()
    }

    /// Solves a board.
    pub fn new(duel: Duel) -> Self {
        let rect = duel.rect();
        let n = rect.len();
        let total = n * n * 2;
        let mut s = Self {
            duel,
            squares: n,
            winner: vec![0; total],
            plies: vec![0; total],
            terminal: vec![false; total],
        };
        let coords: Vec<Coord> = rect.squares().map(|q| rect.coord(q)).collect();
        let moves: Vec<Vec<Square>> = coords
            .iter()
            .map(|&c| duel.moves(c).filter_map(|t| rect.square(t)).collect())
            .collect();
        let mut left = vec![0u8; total];
        let mut queue = VecDeque::new();
        for w in rect.squares() {
            for b in rect.squares() {
                for to_move in Colour::BOTH {
                    let i = s.index(w, b, to_move);
                    let mover = to_move.opponent();
                    if let Some(winner) = duel.after_move(mover, coords[w.index()], coords[b.index()]) {
                        s.terminal[i] = true;
                        s.winner[i] = 1 + winner.index() as u8;
                        queue.push_back(i);
                    } else {
                        let me = if to_move == Colour::White { w } else { b };
                        left[i] = moves[me.index()].len() as u8;
                    }
                }
            }
        }
        while let Some(i) = queue.pop_front() {
            let (pair, to_move) = (i / 2, if i % 2 == 0 { Colour::White } else { Colour::Black });
            let (w, b) = (Square((pair / n) as u32), Square((pair % n) as u32));
            let winner = if s.winner[i] == 1 {
                Colour::White
            } else {
                Colour::Black
            };
            let d = s.plies[i];
            // The side that just moved, and where its knight came from.
            let mover = to_move.opponent();
            let (moved, still) = if mover == Colour::White { (w, b) } else { (b, w) };
            for &from in &moves[moved.index()] {
                if from == still {
                    continue;
                }
                let (pw, pb) = if mover == Colour::White {
                    (from, b)
                } else {
                    (w, from)
                };
                let p = s.index(pw, pb, mover);
                if s.terminal[p] || s.winner[p] != 0 {
                    continue;
                }
                if winner == mover {
                    s.winner[p] = 1 + mover.index() as u8;
                    s.plies[p] = d + 1;
                    queue.push_back(p);
                } else {
                    left[p] -= 1;
                    if left[p] == 0 {
                        s.winner[p] = 1 + winner.index() as u8;
                        s.plies[p] = d + 1;
                        queue.push_back(p);
                    }
                }
            }
        }
        s
    }

    /// The board.
    pub fn duel(&self) -> Duel {
        self.duel
    }

    /// The result with `to_move` to play (or just having been moved into, if terminal).
    pub fn outcome(&self, white: Coord, black: Coord, to_move: Colour) -> Outcome {
        let (Some(w), Some(b)) = (self.duel.square(white), self.duel.square(black)) else {
            return Outcome::Draw;
        };
        let i = self.index(w, b, to_move);
        match self.winner[i] {
            0 => Outcome::Draw,
            k => Outcome::Win {
                side: if k == 1 { Colour::White } else { Colour::Black },
                plies: self.plies[i],
            },
        }
    }

    /// Whether the position is over (the last move ended the game).
    pub fn is_terminal(&self, white: Coord, black: Coord, to_move: Colour) -> bool {
        match (self.duel.square(white), self.duel.square(black)) {
            (Some(w), Some(b)) => self.terminal[self.index(w, b, to_move)],
            _ => false,
        }
    }
}
