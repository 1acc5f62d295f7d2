//! A material and all its subgames, solved; what is asked of them.

#![expect(
    clippy::cast_possible_truncation,
    reason = "squares fit u32 (Rect) and indices usize (the memory budget)"
)]

use std::fmt::Write as _;

use super::table::{Context, Move, Piece, Rel, Slot, Squares, Table, Walk};
use super::{EndgameError, Material, Rules};
use crate::geometry::{Coord, Square};
use crate::limits::{Budget, Progress};
use crate::piece::Colour;
use crate::retro::compiled::Compiled;
use crate::retro::moves::{AttackTable, Marks, MoveGen};

/// How [`Tablebase::solve_tuned`] solves; every choice gives the same answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tuning {
    /// On boards of at most 64 squares, occupancy as `u64` sets and attacks read from a table
    /// of square pairs (the fast path); `false`: the general path every board takes.
    pub bitboards: bool,
}

impl Default for Tuning {
    fn default() -> Self {
        Self { bitboards: true }
    }
}

/// Every position of a material and of its subgames, solved.
#[derive(Debug)]
pub struct Tablebase {
    rules: Rules,
    gens: Vec<Piece>,
    /// Subgames first; the material asked for last.
    tables: Vec<Table>,
    marks: usize,
}

/// The longest decisive position for one side to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Longest {
    /// Plies to mate.
    pub plies: u32,
    /// Who mates.
    pub winner: Colour,
    /// A position that needs them (the first in index order), as a FEN.
    pub fen: String,
    /// Its best line, move by move (`Qd1-d7`, `kxe4`: lower case Black).
    pub line: Vec<String>,
}

/// Counts of one side to move's positions.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Legal positions (identical pieces counted once).
    pub positions: u64,
    /// Won by White.
    pub white: u64,
    /// Won by Black.
    pub black: u64,
    /// Drawn.
    pub draw: u64,
    /// The longest decisive one, whoever wins (`None`: every position is a draw).
    pub longest: Option<Longest>,
}

/// One position's value, best move and line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Probe {
    /// The winner under best play (`None`: a draw).
    pub winner: Option<Colour>,
    /// Plies to mate (`None`: a draw).
    pub plies: Option<u32>,
    /// The side to move's best move (`None`: no move).
    pub best: Option<String>,
    /// The best line to mate (empty for a draw).
    pub line: Vec<String>,
}

/// A position anywhere in the tablebase: its table, the side to move, the squares.
#[derive(Clone, Copy, Debug)]
struct Node {
    table: usize,
    stm: Colour,
    sq: Squares,
}

impl Tablebase {
    /// The materials to solve for `material`: it and every subgame, fewer pieces first.
    fn materials(material: &Material) -> Vec<Material> {
        let mut all = vec![material.clone()];
        let mut k = 0;
        while k < all.len() {
            let m = all[k].clone();
            for side in Colour::BOTH {
                for i in 0..m.others(side).len() {
                    let mut sides = [m.others(Colour::White).to_vec(), m.others(Colour::Black).to_vec()];
                    sides[side.index()].remove(i);
                    let sub = Material::from_sides(m.royal(), sides);
                    if !all.contains(&sub) {
                        all.push(sub);
                    }
                }
            }
            k += 1;
        }
        all.sort_by_key(Material::pieces);
        all
    }

    /// Bytes to solve `material` under `rules`: every table (2 bytes a position) and the
    /// marks (`None`: beyond a `u64`).
    #[must_use]
    pub fn bytes_needed(rules: &Rules, material: &Material) -> Option<u64> {
        let squares = rules.rect.len() as u64;
        let (w, h) = (u64::from(rules.rect.width()), u64::from(rules.rect.height()));
        // Marks, and an attack table per kind and colour (at most four of each).
        let fixed = squares
            .checked_mul(8)?
            .checked_add(AttackTable::bytes(w, h)?.checked_mul(8)?)?;
        Self::materials(material)
            .iter()
            .try_fold(fixed, |acc, m| acc.checked_add(Table::bytes(m, squares)?))
    }

    /// Solves `material` and its subgames under `rules`, refusing up front beyond `budget`.
    /// `progress` hears of each stage. Both cores (every core rayon has) count and resolve.
    ///
    /// # Errors
    ///
    /// [`EndgameError`] for an unknown letter, a movement the generator does not walk (hops,
    /// Z legs, initial moves), the memory budget, or a mate too long for the cells.
    pub fn solve(
        rules: &Rules,
        material: &Material,
        budget: Budget,
        progress: Option<Progress<'_>>,
    ) -> Result<Self, EndgameError> {
        Self::solve_tuned(rules, material, budget, progress, Tuning::default())
    }

    /// As [`Tablebase::solve`], the paths chosen by `tuning` (the answers are the same).
    ///
    /// # Errors
    ///
    /// As [`Tablebase::solve`].
    pub fn solve_tuned(
        rules: &Rules,
        material: &Material,
        budget: Budget,
        progress: Option<Progress<'_>>,
        tuning: Tuning,
    ) -> Result<Self, EndgameError> {
        let materials = Self::materials(material);
        // Rules first (a typo is a better message than a memory refusal).
        let (gens, slots_of) = Self::generators(rules, &materials)?;
        let squares = rules.rect.len() as u64;
        // The compiled steps: at most a ray of `reach` squares per step and square each way.
        let reach = if rules.rect.wrap().is_flat() {
            u64::from(rules.rect.width().max(rules.rect.height()))
        } else {
            squares
        };
        let compiled = gens.iter().try_fold(0u64, |acc, g| {
            acc.checked_add(Compiled::bytes(g.steps() as u64, reach, squares)?)
        });
        budget.check(
            "the endgame tables",
            Self::bytes_needed(rules, material).and_then(|b| b.checked_add(compiled?)),
        )?;
        let bits = tuning.bitboards && squares <= 64;
        let gens: Vec<Piece> = gens
            .into_iter()
            .map(|gen| Piece {
                attacks: gen.attack_table(),
                compiled: gen.compile(bits),
                gen,
            })
            .collect();
        let marks = if gens.iter().any(|p| p.gen.needs_marks()) {
            rules.rect.len()
        } else {
            0
        };
        let mut tables: Vec<Table> = Vec::with_capacity(materials.len());
        for (m, slots) in materials.iter().zip(slots_of) {
            let subs = (0..slots.len())
                .map(|i| {
                    if slots[i].royal {
                        return usize::MAX;
                    }
                    let mut sides = [m.others(Colour::White).to_vec(), m.others(Colour::Black).to_vec()];
                    // Slot i is the (i - 2)-th other piece: White's first.
                    let w = sides[0].len();
                    if i - 2 < w {
                        sides[0].remove(i - 2);
                    } else {
                        sides[1].remove(i - 2 - w);
                    }
                    let sub = Material::from_sides(m.royal(), sides);
                    materials.iter().position(|x| *x == sub).unwrap_or(usize::MAX)
                })
                .collect();
            let table = Table::new(m.clone(), slots, squares, subs, bits, &gens);
            let cx = Context {
                gens: &gens,
                tables: &tables,
                stalemate: rules.stalemate,
                marks,
                progress,
            };
            cx.solve(&table)?;
            tables.push(table);
        }
        Ok(Self {
            rules: rules.clone(),
            gens,
            tables,
            marks,
        })
    }

    /// Each piece's generator (one per letter and colour) and each material's slots (the
    /// royals, then the other pieces, White's first), the rules checked on the way.
    /// O(materials × pieces × steps).
    pub(super) fn generators(
        rules: &Rules,
        materials: &[Material],
    ) -> Result<(Vec<MoveGen>, Vec<Vec<Slot>>), EndgameError> {
        let mut gens: Vec<((char, Colour), MoveGen)> = Vec::new();
        let mut slots_of = Vec::new();
        for m in materials {
            let mut slots = Vec::new();
            let pieces = [(Colour::White, m.royal(), true), (Colour::Black, m.royal(), true)]
                .into_iter()
                .chain(
                    Colour::BOTH
                        .iter()
                        .flat_map(|&c| m.others(c).iter().map(move |&l| (c, l, false))),
                );
            for (colour, letter, royal) in pieces {
                let gen = if let Some(g) = gens.iter().position(|(k, _)| *k == (letter, colour)) {
                    g
                } else {
                    let rule = rules
                        .symbols
                        .get(letter)
                        .ok_or(EndgameError::UnknownLetter(letter))?;
                    if rule.has_initial() {
                        return Err(EndgameError::InitialMoves(letter));
                    }
                    let g = MoveGen::new(rules.rect, &rule.steps(colour), colour)
                        .map_err(|source| EndgameError::Movement { letter, source })?;
                    gens.push(((letter, colour), g));
                    gens.len() - 1
                };
                slots.push(Slot {
                    colour,
                    letter,
                    royal,
                    gen,
                });
            }
            slots_of.push(slots);
        }
        Ok((gens.into_iter().map(|(_, g)| g).collect(), slots_of))
    }

    /// The rules.
    #[must_use]
    pub const fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The material solved.
    #[must_use]
    pub fn material(&self) -> &Material {
        &self.top().material
    }

    fn top(&self) -> &Table {
        self.tables.last().expect("at least the material asked for")
    }

    fn cx(&self) -> Context<'_> {
        Context {
            gens: &self.gens,
            tables: &self.tables,
            stalemate: self.rules.stalemate,
            marks: self.marks,
            progress: None,
        }
    }

    fn value(&self, n: &Node) -> Rel {
        self.tables[n.table].value(n.stm, &n.sq)
    }

    /// The legal moves of a node with the value each leaves for the opponent.
    fn moves(&self, n: &Node) -> Vec<(Move, Rel)> {
        let t = &self.tables[n.table];
        let cx = self.cx();
        let mut marks = Marks::new(self.marks);
        let mut out = Vec::new();
        t.moves(&self.gens, n.stm, &n.sq, &mut marks, Walk::All, |m| {
            out.push((m, cx.after_move(t, n.stm, &n.sq, m)));
        });
        out
    }

    /// The best move: the fastest mate, else a draw, else the longest defence (ties: the
    /// first generated).
    fn best(&self, n: &Node) -> Option<Move> {
        self.moves(n)
            .into_iter()
            .min_by_key(|(_, v)| match *v {
                Rel::Loss(p) => (0, i64::from(p)),
                Rel::Draw | Rel::Illegal => (1, 0),
                Rel::Win(p) => (2, -i64::from(p)),
            })
            .map(|(m, _)| m)
    }

    fn play(&self, node: &Node, m: Move) -> Node {
        let table = &self.tables[node.table];
        let after = Table::after(&node.sq, m);
        match m.captured {
            None => Node {
                table: node.table,
                stm: node.stm.opponent(),
                sq: after,
            },
            Some(c) => Node {
                table: table.subs[c],
                stm: node.stm.opponent(),
                sq: Table::without(&after, table.n(), c),
            },
        }
    }

    fn move_text(&self, n: &Node, m: Move) -> String {
        let t = &self.tables[n.table];
        let slot = t.slots[m.slot];
        let letter = match slot.colour {
            Colour::White => slot.letter,
            Colour::Black => slot.letter.to_ascii_lowercase(),
        };
        let at = |s: u32| self.rules.rect.coord(Square(s));
        format!(
            "{letter}{}{}{}",
            at(n.sq[m.slot]),
            if m.captured.is_some() { 'x' } else { '-' },
            at(m.to)
        )
    }

    /// The best line from a node to mate (empty for a draw).
    fn line(&self, start: &Node) -> Vec<String> {
        let mut line = Vec::new();
        let mut n = *start;
        let plies = match self.value(&n) {
            Rel::Win(p) | Rel::Loss(p) => p,
            Rel::Draw | Rel::Illegal => return line,
        };
        for _ in 0..plies {
            let Some(m) = self.best(&n) else { break };
            line.push(self.move_text(&n, m));
            n = self.play(&n, m);
        }
        line
    }

    fn fen(&self, n: &Node) -> String {
        let table = &self.tables[n.table];
        let (width, height) = (self.rules.rect.width(), self.rules.rect.height());
        let mut out = String::new();
        for rank in (0..height).rev() {
            let mut empty = 0;
            for file in 0..width {
                let here = rank * width + file;
                match (0..table.n()).find(|&i| n.sq[i] == here) {
                    Some(i) => {
                        if empty > 0 {
                            let _ = write!(out, "{empty}");
                            empty = 0;
                        }
                        let sl = table.slots[i];
                        out.push(match sl.colour {
                            Colour::White => sl.letter,
                            Colour::Black => sl.letter.to_ascii_lowercase(),
                        });
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                let _ = write!(out, "{empty}");
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out.push_str(match n.stm {
            Colour::White => " w",
            Colour::Black => " b",
        });
        out
    }

    /// Per side to move (White, then Black): the counts and the longest decisive position with
    /// its line. O(positions).
    #[must_use]
    pub fn summary(&self) -> [Summary; 2] {
        let top = self.tables.len() - 1;
        let t = self.top();
        Colour::BOTH.map(|stm| {
            let mut s = Summary::default();
            let mut best: Option<(u32, usize)> = None;
            let half = t.half as usize;
            let start = stm.index() * half;
            for (k, cell) in t.cells[start..start + half].iter().enumerate() {
                let v = super::table::decode(cell.load(std::sync::atomic::Ordering::Relaxed));
                let (winner, plies) = match v {
                    Rel::Illegal => continue,
                    Rel::Draw => (None, 0),
                    Rel::Win(p) => (Some(stm), p),
                    Rel::Loss(p) => (Some(stm.opponent()), p),
                };
                s.positions += 1;
                match winner {
                    None => s.draw += 1,
                    Some(Colour::White) => s.white += 1,
                    Some(Colour::Black) => s.black += 1,
                }
                if winner.is_some() && best.is_none_or(|(b, _)| plies > b) {
                    best = Some((plies, start + k));
                }
            }
            s.longest = best.map(|(plies, i)| {
                let (stm, sq) = t.position(i);
                let n = Node { table: top, stm, sq };
                let winner = match self.value(&n) {
                    Rel::Win(_) => stm,
                    _ => stm.opponent(),
                };
                Longest {
                    plies,
                    winner,
                    fen: self.fen(&n),
                    line: self.line(&n),
                }
            });
            s
        })
    }

    /// Reads a FEN of this material (side to move `w`/`b`, White when absent): as
    /// [`Tablebase::check_fen`], the solved table the judge of legality.
    fn node_of(&self, fen: &str) -> Result<Node, EndgameError> {
        let t = self.top();
        let at = super::read::read(&self.rules, &t.material, &t.slots, fen)?;
        let n = Node {
            table: self.tables.len() - 1,
            stm: at.stm,
            sq: at.sq,
        };
        if self.value(&n) == Rel::Illegal {
            return Err(EndgameError::Illegal);
        }
        Ok(n)
    }

    /// One position's value, best move and line, from a FEN of this material.
    ///
    /// # Errors
    ///
    /// [`EndgameError`] for a FEN that does not read, another board size or material, a bad
    /// side to move, or an illegal position.
    pub fn probe(&self, fen: &str) -> Result<Probe, EndgameError> {
        let n = self.node_of(fen)?;
        let (winner, plies) = match self.value(&n) {
            Rel::Win(p) => (Some(n.stm), Some(p)),
            Rel::Loss(p) => (Some(n.stm.opponent()), Some(p)),
            Rel::Draw | Rel::Illegal => (None, None),
        };
        Ok(Probe {
            winner,
            plies,
            best: self.best(&n).map(|m| self.move_text(&n, m)),
            line: self.line(&n),
        })
    }

    /// The value of the position with the pieces on `white_royal`, `black_royal` and `others`
    /// (the material's other pieces in its canonical order, White's first) and `stm` to move:
    /// the winner and plies (`None` for a draw), `Err(())`-free: `None` twice for an illegal
    /// position or a square off the board.
    #[must_use]
    pub fn value_at(
        &self,
        stm: Colour,
        white_royal: Coord,
        black_royal: Coord,
        others: &[Coord],
    ) -> Option<(Option<Colour>, u32)> {
        let t = self.top();
        if others.len() + 2 != t.n() {
            return None;
        }
        let rect = self.rules.rect;
        let mut sq = [u32::MAX; 4];
        for (i, c) in [white_royal, black_royal].iter().chain(others).enumerate() {
            sq[i] = rect.square(*c)?.0;
        }
        if t.overlaps(&sq) {
            return None;
        }
        match t.value(stm, &sq) {
            Rel::Illegal => None,
            Rel::Draw => Some((None, 0)),
            Rel::Win(p) => Some((Some(stm), p)),
            Rel::Loss(p) => Some((Some(stm.opponent()), p)),
        }
    }
}

/// Whether a royal with one other piece mates a lone royal, and how long it takes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Potential {
    /// The piece's letter.
    pub letter: char,
    /// Its rule in Betza notation.
    pub betza: String,
    /// White wins every Black-to-move position in which Black has a legal move and cannot
    /// capture the piece — and there is such a position (on a board too small to hold one,
    /// such as 1×1 or a 2×2 torus, nothing is forced: `false`).
    pub forces_mate: bool,
    /// The longest mate with White to move (`None`: White never mates).
    pub longest: Option<u32>,
    /// Black-to-move positions where Black has a move and no capture of the piece.
    pub positions: u64,
    /// Of those, won by White.
    pub won: u64,
}

/// The mating potential of `letter` (with the royal, against a lone royal) under `rules`:
/// solves `K<letter>vK`. O(that table).
///
/// # Errors
///
/// As [`Tablebase::solve`].
pub fn potential(
    rules: &Rules,
    letter: char,
    budget: Budget,
    progress: Option<Progress<'_>>,
) -> Result<Potential, EndgameError> {
    let letter = letter.to_ascii_uppercase();
    let material = Material::from_sides(rules.royal, [vec![letter], Vec::new()]);
    let base = Tablebase::solve(rules, &material, budget, progress)?;
    let t = base.top();
    let top = base.tables.len() - 1;
    let mut marks = Marks::new(base.marks);
    let (mut positions, mut won) = (0, 0);
    let half = t.half as usize;
    for i in half..2 * half {
        let (stm, sq) = t.position(i);
        let n = Node { table: top, stm, sq };
        let v = base.value(&n);
        if v == Rel::Illegal {
            continue;
        }
        let (mut any, mut capture) = (false, false);
        t.moves(&base.gens, stm, &sq, &mut marks, Walk::First, |m| {
            any = true;
            capture |= m.captured.is_some();
        });
        if (!any && !matches!(v, Rel::Loss(_))) || capture {
            continue;
        }
        positions += 1;
        won += u64::from(matches!(v, Rel::Loss(_)));
    }
    let [white, _] = base.summary();
    let longest = white
        .longest
        .filter(|l| l.winner == Colour::White)
        .map(|l| l.plies);
    Ok(Potential {
        letter,
        betza: rules
            .symbols
            .get(letter)
            .map(ToString::to_string)
            .unwrap_or_default(),
        forces_mate: positions > 0 && positions == won,
        longest,
        positions,
        won,
    })
}
