#!/usr/bin/env bash
# Plants one bug at a time in the product's movement code and checks that the test suite
# fails on each: the oracles are independent of the code they judge. Restores every file.
#   scripts/planted-bugs.sh                 (every plant; the better part of an hour on two cores)
#   ONLY='tree of legs|ticks' scripts/planted-bugs.sh   (the plants whose names match a regex)
set -uo pipefail
cd "$(dirname "$0")/.."
if ! git diff --quiet -- crates; then
  echo "commit or stash your changes to crates/ first: this script restores files with git" >&2
  exit 2
fi
failed=0
plant() { # name file python-old python-new [cargo test arguments: -p chessreach --tests]
  local name=$1 file=$2 old=$3 new=$4
  local tests=${5:--p chessreach --tests}
  if [ -n "${ONLY:-}" ] && ! [[ $name =~ $ONLY ]]; then
    return
  fi
  python3 - "$file" "$old" "$new" <<'PY' || { echo "SETUP FAILED: $name"; failed=1; return; }
import sys
p, old, new = sys.argv[1:]
s = open(p).read()
assert old in s, f"{old!r} not found in {p}"
# The first occurrence: the general generator comes before its specialised copies.
open(p, 'w').write(s.replace(old, new, 1))
PY
  # shellcheck disable=SC2086
  if cargo test -q $tests >/dev/null 2>&1; then
    echo "NOT CAUGHT: $name"
    failed=1
  else
    echo "caught:     $name"
  fi
  git checkout -q -- "$file"
}
plant "a leap table entry (one knight image wrong)" crates/chessreach/src/piece/atom.rs \
  "                (a, -b)," "                (a, b),"
plant "the lame leg (the horse blocked from behind)" crates/chessreach/src/piece/atom.rs \
  "Delta::new(0, d.dy.signum())" "Delta::new(0, -d.dy.signum())"
plant "Black's orientation (mirrored instead of turned)" crates/chessreach/src/piece/rule.rs \
  "Colour::Black => (-white, legs.turned())," \
  "Colour::Black => (Delta::new(white.dx, -white.dy), legs.turned()),"
plant "rider blocking in the attack walker" crates/chessreach/src/attack/walk.rs \
  "        if surface.occupied(at) {
            return;
        }" "        if false {
            return;
        }"
plant "rider blocking in the duel move generator" crates/chessreach/src/retro/moves.rs \
  "            if occupied {" "            if occupied && w.range == 1 {"
plant "unmoves in the duel solver (a lame leg ignored)" crates/chessreach/src/retro/moves.rs \
  "if leg_free && (!self.dedup || marks.insert(from)) {" "if !self.dedup || marks.insert(from) {"
plant "the duel solver's leap tables (a lame leg ignored)" crates/chessreach/src/duel/solver.rs \
  "if ok && from != still && kind.leg != still {" "if ok && from != still {"
plant "initial moves from the wrong rank (White's third)" crates/chessreach/src/piece/rule.rs \
  "            Colour::White => 2," "            Colour::White => 3,"
plant "a limited hopper's range counted beyond its screen" crates/chessreach/src/attack/walk.rs \
  'Some(left) => range = u32::try_from(left).expect("below the range"),' "Some(_) => {}"
plant "rides not spread over their line class (Fairy-Stockfish's masks)" crates/chessreach/src/piece/betza.rs \
  "for captures in [false, true] {" "for captures in [false, true].into_iter().filter(|_| false) {"
plant "a hopper's route offering the squares before its screen" crates/chessreach/src/path/router.rs \
  "                        if !hop {
                            offer(t);" "                        {
                            offer(t);"
plant "a ground-floor module using one above it (the layers test)" crates/chessreach/src/input.rs \
  "use std::sync::Arc;" "use std::sync::Arc;
#[expect(unused_imports, reason = \"planted\")]
use crate::duel::Duel;"
plant "a wrapped line's square index not carried across the edge" crates/chessreach/src/geometry/rect.rs \
  "                file -= width;
                index -= width;" "                file -= width;"
plant "wrap ignored (a wrapped step leaves the board)" crates/chessreach/src/geometry/rect.rs \
  "        if self.wrap.is_flat() {
            return self.contains(to).then_some(to);" "        if true {
            return self.contains(to).then_some(to);"
plant "own square not stopped (a wrapped ride passes its own square)" crates/chessreach/src/attack/walk.rs \
  "            Some(next) if next != from => at = next," "            Some(next) => at = next,"
plant "the endgame solver's stalemate rule ignored (stalemate always a draw)" crates/chessreach/src/endgame/table.rs \
  "if self.stalemate == Stalemate::Loss || t.attacked(self.gens, stm, sq, 0) {" \
  "if t.attacked(self.gens, stm, sq, 0) {"
plant "the endgame solver's lazy count one move short (a position first reached from a win)" crates/chessreach/src/endgame/table.rs \
  "                        counted.map_or(0, |c| c.0)" \
  "                        counted.map_or(0, |c| c.0.saturating_sub(1).max(1))" \
  "-p chessreach --test suite endgame_oracle::"
plant "the endgame solver's lazy pass stopping at the first move (captures skipped)" crates/chessreach/src/endgame/table.rs \
  "            if !all && quiet && enemy == 0 {" \
  "            if !all && quiet {" \
  "-p chessreach --test suite endgame_oracle::"
plant "the counting pass's early count one move over (a lone royal never runs out of moves)" crates/chessreach/src/endgame/table.rs \
  "        } else if early {
            tally.cell()?" \
  "        } else if early {
            tally.cell()? + 1" \
  "-p chessreach --test suite endgame_oracle::"
plant "an unresolved cell's capture-loss flag never set (a lost position's longest capture dropped)" crates/chessreach/src/endgame/table.rs \
  "Ok(if self.loss > 0 { open | CAPTURE_LOSS } else { open })" \
  "Ok(open)" \
  "-p chessreach --test suite endgame"
plant "the counting pass stopping at a non-capture while captures are left to find" crates/chessreach/src/endgame/table.rs \
  "return if enemy == 0 && !only_captures {" \
  "return if !only_captures {" \
  "-p chessreach --test suite endgame_oracle::"
plant "the endgame's level pass telling no progress within a level (a deadline heard late)" crates/chessreach/src/endgame/table.rs \
  "                    if let Some(p) = self.progress {
                        let done" \
  "                    if let Some(p) = self.progress.filter(|_| false) {
                        let done" \
  "-p chessreach-cli --test lab hostile::trickling"
plant "a blocker check off by one in the compiled attack pairs (only the last square between blocks)" crates/chessreach/src/retro/compiled.rs \
  "                    between |= 1u64 << s;" \
  "                    between = 1u64 << s;" \
  "-p chessreach --test suite endgame"
plant "a compiled backward ray passing an occupied square (unmoves through a blocker)" crates/chessreach/src/retro/compiled.rs \
  "                if occ.occupied(from) {
                    break;" \
  "                if occ.occupied(from) {
                    continue;" \
  "-p chessreach --test suite endgame"
plant "a compiled forward ray's first square dropped (a wrong entry in the precompiled rays)" crates/chessreach/src/retro/compiled.rs \
  "                let (leg, can_move, can_capture) = self.path(w, s, false, |sq, _| {" \
  "                let (leg, can_move, can_capture) = self.path(w, s, false, |sq, _| {
                    if squares.len() % 97 == 5 { return; }" \
  "-p chessreach --test suite endgame"
plant "the endgame's level blocks noting the wrong level (a level's pass skips its block)" crates/chessreach/src/endgame/table.rs \
  "let (level, bit) = (&self.levels[block], 1u64 << (plies & 63));" \
  "let (level, bit) = (&self.levels[block], 1u64 << ((plies + 1) & 63));" \
  "-p chessreach --test suite endgame"
plant "the endgame's captures-only walk walking nothing (a lost position's capture loss dropped)" crates/chessreach/src/endgame/table.rs \
  "if walk == Walk::Captures && enemy == 0 {" \
  "if walk == Walk::Captures && enemy != 0 {" \
  "-p chessreach --test suite endgame"
plant "the endgame's level sweep reading the wrong block's level bits (the royals swapped)" crates/chessreach/src/endgame/table.rs \
  "if t.levels[t.block(stm, &[wk, bk, 0, 0])].load(Relaxed) & bit == 0 {" \
  "if t.levels[t.block(stm, &[bk, wk, 0, 0])].load(Relaxed) & bit == 0 {" \
  "-p chessreach --test suite endgame"
plant "the endgame's predecessor index stepping by the wrong slot's stride (two different others)" crates/chessreach/src/endgame/table.rs \
  "            _ => [(squares * e) as usize, e as usize, squares as usize, 1]," \
  "            _ => [(squares * e) as usize, e as usize, 1, squares as usize]," \
  "-p chessreach --test suite endgame_oracle::"
plant "the endgame fast path's attack tables handed to the wrong slots" crates/chessreach/src/endgame/table.rs \
  "            for (a, sl) in att.iter_mut().zip(&slots) {" \
  "            for (a, sl) in att.iter_mut().zip(slots.iter().rev()) {" \
  "-p chessreach --test suite endgame_oracle::"
plant "a wrapped duel ride passing its own square (duel move generator)" crates/chessreach/src/retro/moves.rs \
  "            let Some(to) = self.at(tx, ty).filter(|&t| Some(t) != home) else {" \
  "            let Some(to) = self.at(tx, ty) else {"
plant "a file cycle in path/ (the route vocabulary using its dispatcher)" crates/chessreach/src/path/question.rs \
  "use super::strip::StripRouteError;" "use super::strip::StripRouteError;
#[expect(unused_imports, reason = \"planted\")]
use super::ask::ask;"
plant "walls attacked (a wall's square reported)" crates/chessreach/src/attack/position.rs \
  "                if !surface.occupied(c) || !self.is_wall(c) {" "                if true {"
plant "walls captured (a wall counted hostile)" crates/chessreach/src/attack/position.rs \
  "p.colour != colour && !self.kinds[p.kind].is_wall()" "p.colour != colour"
plant "a variant mover's kind per square ignored (the soldier's river)" crates/chessreach/src/path/router.rs \
  "kind_at[s.index()] = kind;" "kind_at[s.index()] = 0 * kind;"
plant "a variant mover's region ignored (the palace left)" crates/chessreach/src/path/router.rs \
  "let region = confine.and_then(|c| sorted(&c.region[colour.index()]));" "let region = confine.and(None::<Vec<Coord>>);"
plant "a shrunk strip's route not stretched back (files removed left out)" crates/chessreach/src/path/span.rs \
  "let by = before[at.partition_point(|&a| a <= c.file)];" "let by = 0 * before[at.partition_point(|&a| a <= c.file)];"
plant "a crossing edge pruned that no shorter entries make (strip crossing engine)" crates/chessreach/src/path/cross/stretch.rs \
  "                                        && a + b <= w
                                        && (a > 0 || (ghost(u) && !ghost(k)))" "                                        && a + b <= w + 1
                                        && (a > 0 || (ghost(u) && !ghost(k)))"
plant "a remembered walk given one round too many (strip crossing engine)" crates/chessreach/src/path/cross/trace.rs \
  "times.saturating_add_signed(more as i64)" "times.saturating_add_signed(more as i64 + 1)"
plant "a ghost ride passing a piece (strip crossing engine)" crates/chessreach/src/path/cross/model.rs \
  "            if on(f + dx, r + dy) && empty(f + dx, r + dy) {
                emit(f + dx, r + dy, s, 0);" "            if on(f + dx, r + dy) {
                emit(f + dx, r + dy, s, 0);"
plant "a capture at the end of a ride paid again (strip captures across long stretches)" crates/chessreach/src/path/cross/model.rs \
  "return (f + dx == cf && r + dy == cr).then_some(0);" "return (f + dx == cf && r + dy == cr).then_some(1);" \
  "-p chessreach --test suite strip_captures"
plant "the search stopped one move early (strip captures across long stretches)" crates/chessreach/src/path/cross/capture.rs \
  "if best.is_some_and(|(b, _)| f >= b) {" "if best.is_some_and(|(b, _)| f + 1 >= b) {" \
  "-p chessreach --test suite strip_captures"
plant "a strip map's capture never leads on (distance maps with captures across stretches)" crates/chessreach/src/path/cross/capture_map.rs \
  "                        queue.push(Reverse((nd, next)));" "" \
  "-p chessreach --test suite strip_captures"
plant "a strip map's open squares counted attacked by capturable pieces too" crates/chessreach/src/path/cross/capture_map.rs \
  " && caps.binary_search(&i).map_or(true, |j| never[j]) && plain(i)" " && plain(i)" \
  "-p chessreach --test suite strip_captures"
plant "the lab's API dropping a repeated option's later values" crates/chessreach-cli/src/serve/request.rs \
  "Value::Array(items) => items.iter().filter_map(" "Value::Array(items) => items.iter().take(1).filter_map(" \
  "-p chessreach-cli --test lab"
plant "the flying general drawn as an attack (Fairy-Stockfish's attackers_to has none)" crates/chessreach/src/variant/mod.rs \
  "        let unhoppable = t == \"janggiCannon\";" "        if general {
            extra.push((\"R\".parse().expect(\"rook\"), None));
        }
        let unhoppable = t == \"janggiCannon\";"
plant "a general's route stopping where it faces the other general" crates/chessreach/src/path/router.rs \
  "                if general {
                    self.pos.walk_facing(i, &surface, &mut sink);" "                if general && false {
                    self.pos.walk_facing(i, &surface, &mut sink);"
plant "the rest of a variants.ini dropped after a section that does not read" crates/chessreach/src/variant/ini.rs \
  "                skipped.insert(s.name, s.line);" "                skipped.insert(s.name, s.line);
                if s.line > 0 {
                    break;
                }"
plant "the default budget from the largest limit, not the least (ulimit -v ignored)" crates/chessreach/src/limits.rs \
  "            .flatten()
            .min()" "            .flatten()
            .max()"
plant "a strip's ranged riders across the files not costed" crates/chessreach/src/attack/strip.rs \
  "Motion::Ride { range, .. } | Motion::Hop { range, .. } => u64::from(range)," "Motion::Ride { .. } | Motion::Hop { .. } => 0,"
plant "XBetza leg directions not turned with the previous leg" crates/chessreach/src/piece/xbetza.rs \
  "let set = rotate(set, angle.unwrap_or(0));" "let set = rotate(set, 0);"
plant "locust victims not marked attacked (XBetza legs)" crates/chessreach/src/attack/legs.rs \
  "if captures && q != self.from && !mid" "if captures && q != self.from && last && !mid"
plant "a compiled leg path's stop not checked in routes (the Mao never blocked)" crates/chessreach/src/path/router.rs \
  ".is_some_and(|q| surface.piece(q).is_none())" ".is_some()" \
  "-p chessreach --test suite xbetza_routes::"
plant "a compiled leg path's ride not stopped by a piece in routes (the Griffon)" crates/chessreach/src/path/router.rs \
  "                                offer(step, t, next);
                                if surface.piece(t).is_some() {" "                                offer(step, t, next);
                                if false {" \
  "-p chessreach --test suite xbetza_routes::"
plant "a compiled leg path's stop not checked by the walker (attacks, moves)" crates/chessreach/src/attack/legs.rs \
  "Some(c) if c == from || !surface.occupied(c) => {}" "Some(_) => {}" \
  "-p chessreach --test suite xbetza_oracle::"
plant "a leg path compiled though its first leg captures (a locust read as a leap)" crates/chessreach/src/piece/legs.rs \
  "if !plain(leg) || leg.range != 1 || leg.stop != stop::EMPTY {" "if !plain(leg) || leg.range != 1 {" \
  "-p chessreach --test suite xbetza_oracle::"
plant "a small board's moves missing those that capture where they end" crates/chessreach/src/attack/moves.rs \
  "                if takes >> b & 1 == 1 {" "                if takes >> b & 1 == 1 && false {" \
  "-p chessreach --lib attack::moves::"
plant "a tree of legs giving a node the next legs of its siblings' paths" crates/chessreach/src/piece/legs.rs \
  ".filter(|p| p.len() > 1 && p[0] == leg)" ".filter(|p| p.len() > 1)" \
  "-p chessreach --test suite xbetza_oracle::"
plant "a tree of legs listing a path back to the piece's square (a pass)" crates/chessreach/src/attack/legs.rs \
  "                            if q != self.from || taken.as_slice().iter().any(|t| t.1) {" \
  "                            if true {" \
  "-p chessreach --test suite xbetza_oracle::"
plant "a compact move's captured squares listed as hopped" crates/chessreach/src/attack/legs.rs \
  "        out.captured = out.len;" "" \
  "-p chessreach --test suite xbetza::"
plant "a plain leg's fast walk passing the first piece it meets" crates/chessreach/src/attack/legs.rs \
  "if !visit(at, rel, leaps, false) || rel != Rel::Empty || left == 1 {" \
  "if !visit(at, rel, leaps, false) || left == 1 {" \
  "-p chessreach --test suite xbetza_oracle::"
plant "a small board's occupants without their side (friends taken)" crates/chessreach/src/attack/moves.rs \
  "cells[s.index()] = pos.occupant_of(i);" "cells[s.index()] = Occupant::Piece(None);" \
  "-p chessreach --lib attack::moves::"
plant "a locust victim left in the position for the rest of a route" crates/chessreach/src/path/router.rs \
  "Some(p) if self.cap_bit[p] != 0 && take => c |= self.cap_bit[p]," \
  "Some(p) if self.cap_bit[p] != 0 && take => c |= if v == to { self.cap_bit[p] } else { 0 }," \
  "-p chessreach --test suite xbetza_routes::"
plant "a leg move's landing judged safe before its victims leave" crates/chessreach/src/path/router.rs \
  "                self.safe_set(c).contains(t)" "                self.safe_set(captured).contains(t)" \
  "-p chessreach --test suite xbetza_routes::"
plant "the heat map drawing a colour its legend does not show" crates/chessreach/src/render/duel.rs \
  "} => ('B', BLACK_WINS, plies)," "} => ('B', \"#303030\", plies)," \
  "-p chessreach --lib render::"
plant "a piece letter's case ignored (k@e8 a White king)" crates/chessreach/src/attack/setup.rs \
  "            (_, true) => Colour::Black," "            (_, true) => default," \
  "-p chessreach --lib attack::setup::"
plant "the lone royal's map skipping the top rank" crates/chessreach/src/endgame/squares.rs \
  "for rank in 1..=i64::from(rect.height())" "for rank in 1..i64::from(rect.height())" \
  "-p chessreach --test suite endgame_squares::"
plant "a board over 26 files named algebraically (z51 beside 27,53)" crates/chessreach/src/geometry/board.rs \
  "matches!(self, Self::Rect(r) if r.width() <= 26)" "matches!(self, Self::Rect(_))" \
  "-p chessreach --lib geometry::board::"
plant "a diagram fitted to the terminal one file too wide" crates/chessreach/src/render/view.rs \
  "(columns.saturating_sub(label_w) / 2).max(1)" "(columns.saturating_sub(label_w) / 2 + 1)" \
  "-p chessreach --lib render::view::"
plant "a route search's subset arrays reused without clearing what was reached" crates/chessreach/src/path/subsets.rs \
  "            sub.seen.fill(0);" "" \
  "-p chessreach --test suite subsets_oracle::"
plant "infer's names without riders (only leaps as candidates)" crates/chessreach/src/infer/name.rs \
  "            ranges.push(0);" "" \
  "-p chessreach --test suite infer_oracle::"
plant "a legend swatch drawn over white, not over the squares it keys" crates/chessreach/src/render/mod.rs \
  "            if ground == Ground::Checkered {
                let _ = writeln!(" "            if ground == Ground::Plain {
                let _ = writeln!(" \
  "-p chessreach-cli --test gallery"
plant "a trickling client's request deadline never armed (slowloris)" crates/chessreach-cli/src/serve/conn.rs \
  "            self.asked = true;" "            self.asked = false;" \
  "-p chessreach-cli --test lab trickling"
plant "a server computation past its deadline not stopped at a progress step" crates/chessreach-cli/src/output.rs \
  "if deadline.is_some_and(|d| std::time::Instant::now() >= d)" "if false && deadline.is_some_and(|d| std::time::Instant::now() >= d)" \
  "-p chessreach-cli --test lab trickling"
plant "a bounded read's buffer doubled past its limit" crates/chessreach/src/limits.rs \
  "                .min(cap)
                .max(buf.len() + n);" "                .max(buf.len() + n);" \
  "-p chessreach --lib limits"
plant "the duel's streamed JSON naming Black's wins White's" crates/chessreach-cli/src/duel.rs \
  'Colour::Black => b",\"winner\":\"black\",\"plies\":",' 'Colour::Black => b",\"winner\":\"white\",\"plies\":",' \
  "-p chessreach-cli --test cli duel_solve_json"
plant "duel play answering endless wrong lines for ever" crates/chessreach-cli/src/duel.rs \
  "for _ in 0..RETRIES {" "for _ in 0..RETRIES * 100_000 {" \
  "-p chessreach-cli --test hostile"
plant "a captured blocker drawn as one in the way" crates/chessreach/src/attack/diagram.rs \
  "        if *cell == Cell::Blocker {
            *cell = Cell::Captured;" "        if *cell == Cell::Piece {
            *cell = Cell::Captured;" \
  "-p chessreach --test suite xbetza::"
plant "the XBetza printer's widening leaving the rule's moves" crates/chessreach/src/piece/xbetza/print.rs \
  "said.iter().all(|u| self.target.contains(u))" "said.iter().any(|u| self.target.contains(u))" \
  "-p chessreach --test suite xbetza::"
plant "progress ticks never told (long work past a deadline runs on)" crates/chessreach/src/limits.rs \
  "        if self.done >= self.next {" "        if false && self.done >= self.next {" \
  "-p chessreach --lib limits"
plant "a lab answer not capped at its share of the budget" crates/chessreach-cli/src/serve/memory.rs \
  "        if len > self.limit {" "        if false {" \
  "-p chessreach-cli --bin chessreach memory"
plant "the answers' pool holding more than its size" crates/chessreach-cli/src/serve/memory.rs \
  ".filter(|&u| u <= self.limit)?;" ".filter(|_| true)?;" \
  "-p chessreach-cli --bin chessreach memory"
plant "infer's streamed JSON naming the width as the height" crates/chessreach-cli/src/infer.rs \
  'map.serialize_entry("height", &d.height())?;' 'map.serialize_entry("height", &d.width())?;' \
  "-p chessreach-cli --bin chessreach infer"
plant "a move diagram's walk without progress steps (a lab request holds its worker)" crates/chessreach/src/attack/moves.rs \
  "                ticks.add(1);
                found.add(to, taken);" "                found.add(to, taken);" \
  "-p chessreach --test suite xbetza::a_long_move_walk_tells_its_progress"
plant "captures proven useless without the bare zones' searches (strip routes with captures)" crates/chessreach/src/path/cross/no_capture.rs \
  "        && same_layout(full, bare)
        && potential_holds(" "        && same_layout(full, bare)
        || potential_holds(" \
  "-p chessreach --lib no_capture"
plant "the attack map's JSON keys in square order, not by name" crates/chessreach-cli/src/attacks.rs \
  "order.sort_unstable_by(|&i, &j| a.name(i).cmp(a.name(j)));" "" \
  "-p chessreach-cli --bin chessreach attacks::"
plant "the lab page inlines a first answer of any size" crates/chessreach-cli/src/serve/page.rs \
  "if out.as_ref().len() > INLINE_LIMIT {" "if out.as_ref().len() > usize::MAX - 1 {" \
  "-p chessreach-cli --test lab first_answer"
plant "a small board's table walk passing the first piece on a ray" crates/chessreach/src/attack/moves.rs \
  "                if rel != 0 {
                    break;
                }" "                if rel == 3 {
                    break;
                }" \
  "-p chessreach --lib attack::"
plant "a small board's leap bits capturing friends as foes" crates/chessreach/src/attack/small.rs \
  "(crate::piece::stop::FRIEND, &mut bits.friend)," "(crate::piece::stop::FOE, &mut bits.friend)," \
  "-p chessreach --lib attack::"
plant "a small board's mover left on its square (a locust cannot come back)" crates/chessreach/src/attack/moves.rs \
  "        cells[from] = cell::EMPTY;" "        cells[from] = me;" \
  "-p chessreach --lib attack::"
plant "a small table dropping a step out and back that captures on the way" crates/chessreach/src/attack/small.rs \
  "                && before.iter().all(|l| l.stop & takes == 0)" "" \
  "-p chessreach --lib attack::"
plant "the start's leg traced ahead taken for a route that captures first (strip routes with captures, two threads)" crates/chessreach/src/path/cross/capture.rs \
  "let ahead = traced.take().filter(|_| s == start_state && piece.is_none());" "let ahead = traced.take().filter(|_| s == start_state);" \
  "-p chessreach --lib no_capture"
plant "a strip map's rounds stopped once every open square is reached, nearer than the reach or not" crates/chessreach/src/path/cross/capture_map.rs \
  ".all(|&c| index(c).and_then(|i| best[i]).is_some_and(|b| b < reach));" ".all(|&c| index(c).and_then(|i| best[i]).is_some());" \
  "-p chessreach --test suite path_oracle::strip_map_rounds"
plant "an error's cause that its text already holds said again" crates/chessreach-cli/src/main.rs \
  "} else if !message.contains(&text) {" "} else if !text.is_empty() {" \
  "-p chessreach-cli --test hostile endgame_refusals"
plant "mating-potential rows solved before a refusal dropped" crates/chessreach-cli/src/endgame.rs \
  "    if rows.is_empty() {
        if let Some(e) = failed {" "    if true {
        if let Some(e) = failed {" \
  "-p chessreach-cli --test hostile endgame_refusals"
plant "a badly framed request body answered as too large" crates/chessreach-cli/src/serve/answer.rs \
  'if c.to_string() == "length limit exceeded" {' 'if !c.to_string().is_empty() {' \
  "-p chessreach-cli --test lab hostile_battery"
plant "a route refusal naming a strip's square algebraically" crates/chessreach-cli/src/path.rs \
  "e => match e.named_on(pos.board()) {" "e => match None::<String> {" \
  "-p chessreach-cli --test hostile hostile_inputs"
plant "an endgame FEN's check ignored before the solve" crates/chessreach-cli/src/endgame.rs \
  "    if let Some((fen, placement)) = fen {" "    if let Some((fen, placement)) = fen.filter(|_| false) {" \
  "-p chessreach-cli --test cli endgame_fen_is_checked_before_solving"
plant "an endgame FEN's legality before the solve (the side to move's attacks)" crates/chessreach/src/endgame/read.rs \
  "        s.colour == at.stm" "        s.colour != at.stm" \
  "-p chessreach --test suite endgame::"
plant "the XBetza reading's warnings dropped (betza, Python's Rule)" crates/chessreach/src/piece/mod.rs \
  "            Self::Xbetza => xbetza::read(text)," "            Self::Xbetza => xbetza::read(text).map(|r| xbetza::Reading { warnings: Vec::new(), ..r })," \
  "-p chessreach-cli --test cli betza_warns"
plant "a zero-ply win shown as a mate in 0 plies" crates/chessreach-cli/src/endgame.rs \
  "Some(l) if l.plies == 0 =>" "Some(l) if l.plies == u32::MAX =>" \
  "-p chessreach-cli --test cli endgame_without_a_mate"
plant "an XBetza piece named in Fairy-Stockfish's form (attacks, path)" crates/chessreach/src/piece/mod.rs \
  "                if text.contains('?') {" \
  "                if !text.is_empty() {" \
  "-p chessreach-cli --test cli xbetza_pieces_are_named"
exit $failed
