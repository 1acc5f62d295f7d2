//! The plain breadth-first search over (square, captured set) states, written from the rules:
//! a mover ends each move on a square no active hostile piece attacks, on an empty square or
//! capturing a hostile piece it may capture; a captured piece stops attacking and blocking.
//! Subsets are made as reached (a `BTreeSet` of captured pieces), each subset's attacked squares
//! walked naively by the families of the pieces still standing, so it answers with 20 or 30
//! capturable pieces where enumerating `2^k` subsets could not.

use std::collections::{BTreeMap, BTreeSet, VecDeque};

use chessreach::attack::Position;
use chessreach::geometry::Coord;
use chessreach::piece::Colour;

use super::{naive_moves, TestPiece};

/// A state: the mover's square and the pieces captured (indices into the position's pieces).
pub type State = (Coord, BTreeSet<usize>);

/// One search: the position, its kinds' families, the mover and what it may capture.
pub struct Search<'a> {
    pub pos: &'a Position,
    pub kinds: &'a [TestPiece],
    pub mover: &'a TestPiece,
    pub colour: Colour,
    pub capturable: &'a BTreeSet<usize>,
    attacked: BTreeMap<BTreeSet<usize>, BTreeSet<Coord>>,
}

impl<'a> Search<'a> {
    pub fn new(
        pos: &'a Position,
        kinds: &'a [TestPiece],
        mover: &'a TestPiece,
        colour: Colour,
        capturable: &'a BTreeSet<usize>,
    ) -> Self {
        Self {
            pos,
            kinds,
            mover,
            colour,
            capturable,
            attacked: BTreeMap::new(),
        }
    }

    /// The piece standing on `c` once `gone` are captured.
    fn active(&self, gone: &BTreeSet<usize>, c: Coord) -> Option<usize> {
        self.pos
            .pieces()
            .iter()
            .position(|p| p.at == c)
            .filter(|i| !gone.contains(i))
    }

    /// Squares the hostile pieces still standing attack, walked by their families.
    fn attacked(&mut self, gone: &BTreeSet<usize>) -> &BTreeSet<Coord> {
        if !self.attacked.contains_key(gone) {
            let board = self.pos.board();
            let occupied = |c: Coord| self.active(gone, c).is_some();
            let mut set = BTreeSet::new();
            for (i, p) in self.pos.pieces().iter().enumerate() {
                if p.colour == self.colour || gone.contains(&i) {
                    continue;
                }
                let fams = &self.kinds[p.kind].fams;
                for (c, cap, _) in naive_moves(fams, p.colour, p.at, board, &occupied) {
                    if cap {
                        set.insert(c);
                    }
                }
            }
            self.attacked.insert(gone.clone(), set);
        }
        &self.attacked[gone]
    }

    /// The states one move from `(at, gone)`.
    pub fn successors(&mut self, (at, gone): &State) -> Vec<State> {
        let board = self.pos.board();
        let moves = naive_moves(&self.mover.fams, self.colour, *at, board, &|c| {
            self.active(gone, c).is_some()
        });
        let attacked = self.attacked(gone).clone();
        let mut out = Vec::new();
        for (t, cap, mv) in moves {
            if attacked.contains(&t) {
                continue;
            }
            match self.active(gone, t) {
                None if mv => out.push((t, gone.clone())),
                Some(i) if cap && self.capturable.contains(&i) => {
                    let mut more = gone.clone();
                    more.insert(i);
                    out.push((t, more));
                }
                _ => {}
            }
        }
        out
    }

    /// Every state reached from `start` with its distance; `None` when more than `cap` states
    /// are reached (the case is skipped).
    pub fn all(&mut self, start: Coord, cap: usize) -> Option<BTreeMap<State, u32>> {
        let mut dist = BTreeMap::new();
        let first = (start, BTreeSet::new());
        dist.insert(first.clone(), 0);
        let mut queue = VecDeque::from([first]);
        while let Some(st) = queue.pop_front() {
            let d = dist[&st];
            for n in self.successors(&st) {
                if !dist.contains_key(&n) {
                    dist.insert(n.clone(), d + 1);
                    queue.push_back(n);
                    if dist.len() > cap {
                        return None;
                    }
                }
            }
        }
        Some(dist)
    }
}
