// The Betza lab: the page's state lives in the URL (the CLI's option names); every picture is
// drawn from the JSON answer of the API, which is exactly what the CLI prints.
"use strict";

const $ = (id) => document.getElementById(id);
const VIEWS = ["attacks", "moves", "betza", "route", "distances", "duel", "infer", "endgame"];
/** Views drawn on the editable position (the others draw their own board). */
const ON_POSITION = ["attacks", "moves", "route", "distances"];
const state = { view: "attacks", grid: [], square: "", focus: "", marks: new Set(), answer: null, request: null, asked: 0 };

// ---------------------------------------------------------------- the CLI's JSON, read here only

// Every picture reads the answers (exactly what `chessreach … --format json` prints) through
// these functions: a change of the CLI's JSON shapes is one edit here.
const read = {
  /** attacks: the pieces, `{index, symbol, square, colour, betza, wall}`. */
  pieces: (a) => a.pieces,
  /** attacks: the indices of the pieces attacking square `name`. */
  attackers: (a, name) => (a.attackers && a.attackers[name]) || [],
  /** attacks: how many squares each side attacks. */
  counts: (a) => ({ white: a.white.count, black: a.black.count }),
  /** path: the route's squares (empty: none), the captured squares, the moves, the mover. */
  route: (a) => ({ squares: a.route || [], captured: a.captured || [], moves: a.moves, mover: a.mover, found: !!a.route }),
  /** path --all: square → moves (null: unreachable), and the start. */
  distances: (a) => ({ map: a.distances, from: a.from, mover: a.mover }),
  /** duel solve: Black's square → `{winner, plies}` for White on `from`. */
  duel: (a, from) => new Map(a.starts.filter((s) => s.white === from).map((s) => [s.black, { winner: s.winner, plies: s.plies }])),
  /** betza: square → what it shows (`piece`, `blocker`, `captured`, `move`, `capture`, `move_or_capture`, `locust`, `hop`, `initial`), the canonical text, warnings. */
  diagram: (b) => ({ cells: b.squares, canonical: b.canonical, warnings: b.warnings || [] }),
  /** endgame solve: per side to move, the counts and the longest mate. */
  endgame: (e) => ({ material: e.material, board: e.board, sides: [["White", e.white_to_move], ["Black", e.black_to_move]] }),
  /** endgame solve --fen: square of Black's royal → `{result, plies}` or null (illegal). */
  royalSquares: (e) => (e.placement ? e.placement.squares : {}),
  /** endgame probe: the result, plies, best move and line. */
  probe: (p) => p,
  /** endgame potential: one row per board and piece. */
  potential: (rows) => rows,
  /** an error answer: `{error, kind, flag?, line?, column?, character?}`. */
  error: (e) => e,
};

// ---------------------------------------------------------------- squares and FEN

/** The CLI's name of a square: `e4` for files 1..26 and ranks from 1, else `x,y`. */
function squareName(file, rank) {
  return file >= 1 && file <= 26 && rank >= 1 ? String.fromCharCode(96 + file) + rank : `${file},${rank}`;
}

/** A FEN placement as rows (top rank first) of cells: "" empty, else the piece's text. */
function parseFen(fen) {
  const placement = fen.trim().split(/\s+/)[0].replace(/\[.*$/, "");
  const rows = placement.split("/").map((row) => {
    const cells = [];
    for (let i = 0; i < row.length; ) {
      const digits = /^\d+/.exec(row.slice(i));
      if (digits) {
        for (let k = 0; k < Number(digits[0]); k++) cells.push("");
        i += digits[0].length;
      } else if (row[i] === "+" && i + 1 < row.length) {
        cells.push(row.slice(i, i + 2));
        i += 2;
      } else {
        cells.push(row[i]);
        i += 1;
      }
    }
    return cells;
  });
  const width = Math.max(1, ...rows.map((r) => r.length));
  rows.forEach((r) => { while (r.length < width) r.push(""); });
  return rows;
}

/** Rows of cells back to a FEN placement. */
function fenOf(rows) {
  return rows.map((row) => {
    let out = "";
    let empty = 0;
    for (const c of row) {
      if (c === "") { empty += 1; continue; }
      if (empty) { out += empty; empty = 0; }
      out += c;
    }
    return empty ? out + empty : out;
  }).join("/");
}

function emptyGrid(size) {
  const m = /^(\d+)x(\d+)$/.exec(size.trim());
  const [w, h] = m ? [Math.min(+m[1], 200), Math.min(+m[2], 200)] : [8, 8];
  return Array.from({ length: h }, () => Array(w).fill(""));
}

// ---------------------------------------------------------------- state <-> URL

/** Per view, the URL keys (the CLI's option names) and the inputs holding them. */
const URL_INPUTS = {
  position: { fen: "fen", variant: "variant", wrap: "wrap" },
  route: { mover: "mover", to: "to", may_capture: "may_capture" },
  distances: { mover: "mover" },
  duel: { white: "white", black: "black", board: "duel_board", from: "from" },
  betza: { text: "text", dialect: "dialect", board: "betza_board", at: "at", blockers: "blockers" },
  endgame: { material: "material", board: "eg_board", fen: "eg_fen", stalemate: "stalemate" },
};

function readUrl() {
  const q = new URLSearchParams(location.search);
  const v = VIEWS.includes(q.get("view")) ? q.get("view") : "attacks";
  state.view = v;
  const groups = [v, ...(ON_POSITION.includes(v) ? ["position"] : [])];
  for (const g of groups) {
    for (const [key, id] of Object.entries(URL_INPUTS[g] || {})) if (q.has(key)) $(id).value = q.get(key);
  }
  if (v === "betza") $("black_piece").checked = q.get("black") === "1" || q.get("black") === "true";
  if (q.has("define")) $("define").value = q.getAll("define").join("\n");
  if (q.has("board") && ON_POSITION.includes(v) && !q.has("fen")) $("size").value = q.get("board");
  state.square = q.get("square") || "";
  if (q.has("diagram")) {
    const rows = q.get("diagram").split("/");
    $("infer_size").value = `${rows[0].length}x${rows.length}`;
    state.marks = new Set();
    rows.forEach((row, r) => [...row].forEach((c, f) => { if (c === "x") state.marks.add(`${r},${f}`); }));
  }
  state.grid = $("fen").value ? parseFen($("fen").value) : emptyGrid($("size").value);
  if (!$("fen").value && !$("variant").value && ON_POSITION.includes(v)) {
    state.grid = parseFen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR");
  }
}

function defines() {
  return $("define").value.split("\n").map((s) => s.trim()).filter(Boolean);
}

/** The infer view's diagram, rows top first, `o` in the middle. */
function diagramRows() {
  const [w, h] = sizeOf($("infer_size").value, 9);
  const rows = [];
  for (let r = 0; r < h; r++) {
    let row = "";
    for (let f = 0; f < w; f++) {
      const centre = r === Math.floor(h / 2) && f === Math.floor(w / 2);
      row += centre ? "o" : state.marks.has(`${r},${f}`) ? "x" : ".";
    }
    rows.push(row);
  }
  return rows;
}

function sizeOf(text, fallback) {
  const m = /^(\d+)x(\d+)$/.exec(String(text).trim());
  return m ? [Math.max(1, Math.min(+m[1], 99)), Math.max(1, Math.min(+m[2], 99))] : [fallback, fallback];
}

/** Only the non-empty trimmed values of `fields` (key → input id). */
function fieldsOf(fields) {
  const body = {};
  for (const [key, id] of Object.entries(fields)) {
    const value = $(id).value.trim();
    if (value) body[key] = value;
  }
  return body;
}

/** The endpoint and the body (keys: the CLI's long options) the current view asks. */
function request() {
  const v = state.view;
  if (v === "infer") return { endpoint: "infer", command: "infer", body: { diagram: diagramRows().join("\n") + "\n" } };
  if (v === "duel") return { endpoint: "duel/solve", command: "duel solve", body: fieldsOf(URL_INPUTS.duel) };
  if (v === "betza") {
    const body = fieldsOf(URL_INPUTS.betza);
    if (!body.text) body.text = "";
    if ($("black_piece").checked) body.black = true;
    return { endpoint: "betza", command: "betza", body };
  }
  if (v === "endgame") {
    const body = fieldsOf(URL_INPUTS.endgame);
    if (body.stalemate === "draw") delete body.stalemate;
    const d = defines();
    if (d.length) body.define = d;
    return { endpoint: "endgame/solve", command: "endgame solve", body };
  }
  const body = {};
  if ($("variant").value) body.variant = $("variant").value;
  body.fen = fenOf(state.grid);
  if ($("variant").value && !$("fen").value) delete body.fen;
  const d = defines();
  if (d.length && !$("variant").value) body.define = d;
  if ($("wrap").value) body.wrap = $("wrap").value;
  if ($("ini").value.trim()) body.variants_ini = $("ini").value;
  if (v === "route" || v === "distances") {
    body.mover = $("mover").value.trim();
    if (v === "route") {
      body.to = $("to").value.trim();
      if ($("may_capture").value.trim()) body.may_capture = $("may_capture").value.trim();
    } else {
      body.all = true;
    }
    return { endpoint: "path", command: "path", body };
  }
  return { endpoint: "attacks", command: "attacks", body };
}

function writeUrl(req) {
  const q = new URLSearchParams();
  q.set("view", state.view);
  for (const [k, v] of Object.entries(req.body)) {
    if (k === "variants_ini") continue;
    if (k === "diagram") q.set(k, diagramRows().join("/"));
    else if (Array.isArray(v)) v.forEach((x) => q.append(k, x));
    else if (v === true) q.set(k, "1");
    else q.set(k, v);
  }
  if ((state.view === "moves" || state.view === "endgame") && state.square) q.set("square", state.square);
  history.replaceState(null, "", "?" + q.toString());
}

// ---------------------------------------------------------------- the command line

function shellQuote(s) {
  return /^[\w@%+=:,./-]+$/.test(s) ? s : "'" + s.replace(/'/g, "'\\''") + "'";
}

function cliOf(req) {
  const parts = ["chessreach", ...req.command.split(" ")];
  let stdin = "";
  let positional = null;
  for (const [k, v] of Object.entries(req.body)) {
    if (k === "diagram") { stdin = v; continue; }
    if (k === "text" && req.command === "betza") { positional = v; continue; }
    if (k === "variants_ini") { parts.push("--variants", "variants.ini"); continue; }
    const flag = "--" + k.replace(/_/g, "-");
    for (const x of Array.isArray(v) ? v : [v]) {
      if (x === true) parts.push(flag);
      else if (x !== false && x !== null) parts.push(flag, shellQuote(String(x)));
    }
  }
  parts.push("--format", "json");
  if (positional !== null) parts.push("--", shellQuote(positional));
  const line = parts.join(" ");
  return stdin ? `printf '%s' ${shellQuote(stdin)} | ${line}` : line;
}

// ---------------------------------------------------------------- drawing

/**
 * Draws the board: one button per square, named as the CLI names it. One square is in the tab
 * order (the arrow keys move among them); `fill(cell, name, piece)` marks it up.
 */
function drawBoard(rows, fill) {
  const board = $("board");
  const h = rows.length;
  const w = rows[0] ? rows[0].length : 0;
  const hadFocus = board.contains(document.activeElement);
  board.style.gridTemplateColumns = `repeat(${w}, auto)`;
  // The cell's size is the style sheet's (from the picture's width, a container query): no
  // layout is read here.
  board.style.setProperty("--n", Math.max(w, h, 1));
  board.setAttribute("aria-rowcount", h);
  board.setAttribute("aria-colcount", w);
  const frag = document.createDocumentFragment();
  let focus = null;
  let first = null;
  for (let r = 0; r < h; r++) {
    const row = document.createElement("div");
    row.setAttribute("role", "row");
    row.className = "rank";
    for (let f = 0; f < w; f++) {
      const file = f + 1;
      const rank = h - r;
      const name = squareName(file, rank);
      const cell = document.createElement("button");
      cell.type = "button";
      cell.setAttribute("role", "gridcell");
      cell.className = "sq" + ((file + rank) % 2 === 0 ? " dark" : "");
      cell.dataset.square = name;
      cell.dataset.row = r;
      cell.dataset.col = f;
      cell.tabIndex = -1;
      const piece = rows[r][f];
      let label = name;
      if (piece === "*") {
        cell.classList.add("wall");
        label += " wall";
      } else if (piece) {
        const span = document.createElement("span");
        const white = piece.replace("+", "") === piece.replace("+", "").toUpperCase();
        span.className = "pc " + (white ? "w" : "b");
        span.textContent = piece;
        cell.appendChild(span);
        cell.draggable = ON_POSITION.includes(state.view);
        label += ` ${white ? "white" : "black"} ${piece}`;
      }
      cell.setAttribute("aria-label", label);
      if (fill) fill(cell, name, piece);
      if (cell.title) cell.setAttribute("aria-label", `${label}: ${cell.title}`);
      if (name === state.focus) focus = cell;
      if (!first) first = cell;
      row.appendChild(cell);
    }
    frag.appendChild(row);
  }
  board.replaceChildren(frag);
  const tab = focus || first;
  if (tab) {
    tab.tabIndex = 0;
    if (hadFocus) tab.focus({ preventScroll: true });
  }
}

/** The arrow keys (and Home, End, Page Up/Down) move the focus among the squares. */
function onBoardKey(e) {
  const cell = e.target.closest(".sq");
  if (!cell) return;
  const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  const h = $("board").children.length;
  const w = h ? $("board").children[0].children.length : 0;
  let [r, f] = [Number(cell.dataset.row), Number(cell.dataset.col)];
  if (moves[e.key]) { r += moves[e.key][0]; f += moves[e.key][1]; }
  else if (e.key === "Home") f = 0;
  else if (e.key === "End") f = w - 1;
  else if (e.key === "PageUp") r = 0;
  else if (e.key === "PageDown") r = h - 1;
  else return;
  e.preventDefault();
  r = Math.max(0, Math.min(h - 1, r));
  f = Math.max(0, Math.min(w - 1, f));
  const next = $("board").children[r].children[f];
  cell.tabIndex = -1;
  next.tabIndex = 0;
  next.focus();
  state.focus = next.dataset.square;
}

function badge(cell, cls, text) {
  const b = document.createElement("span");
  b.className = "n " + cls;
  b.textContent = text;
  cell.appendChild(b);
}

/** What a move diagram's cell is called in the legend, and its mark. */
const CELLS = {
  piece: ["the piece", "@"],
  blocker: ["a foe in the way", "#"],
  captured: ["a foe it captures", "C"],
  move_or_capture: ["moves or captures", "*"],
  move: ["moves only", "m"],
  capture: ["captures only (attacks, defends a friend)", "c"],
  locust: ["locust victim (captured on the way)", "x"],
  hop: ["hopped over", "h"],
  initial: ["initial move only (from its second rank)", "i"],
};

/** The legend of a move diagram: a swatch per kind of cell shown. */
function cellLegend(cells) {
  const shown = new Set(Object.values(cells));
  const box = document.createElement("ul");
  box.className = "cells";
  for (const [kind, [text, mark]] of Object.entries(CELLS)) {
    if (!shown.has(kind)) continue;
    const li = document.createElement("li");
    li.dataset.cell = kind;
    li.innerHTML = `<span class="swatch" data-cell="${kind}">${mark}</span> `;
    li.append(text);
    box.appendChild(li);
  }
  return box;
}

function markCell(cell, kind) {
  if (!kind) return;
  cell.dataset.cell = kind;
  if (kind !== "piece" && kind !== "blocker") badge(cell, "cell", CELLS[kind] ? CELLS[kind][1] : "?");
}

const paint = {
  attacks(a) {
    const pieces = read.pieces(a);
    drawBoard(state.grid, (cell, name) => {
      const who = read.attackers(a, name);
      if (!who.length) return;
      const white = who.filter((i) => pieces[i].colour === "white").length;
      const black = who.filter((i) => pieces[i].colour === "black").length;
      if (white) { cell.dataset.white = white; badge(cell, "w", white); }
      if (black) { cell.dataset.black = black; badge(cell, "b", black); }
      cell.title = "attacked by " + who.map((i) => `${pieces[i].symbol}@${pieces[i].square}`).join(", ");
    });
    const c = read.counts(a);
    legend(a, `White attacks ${c.white} squares (red, count bottom left), Black ${c.black} (blue, count top right); both: purple. Hover or focus a square for its attackers.`);
  },
  moves(a, diagram) {
    const pieces = read.pieces(a);
    const at = pieces.find((p) => p.square === state.square && !p.wall);
    const cells = diagram ? read.diagram(diagram).cells : {};
    drawBoard(state.grid, (cell, name) => {
      if (name === state.square) cell.dataset.selected = "";
      const attacked = at && read.attackers(a, name).includes(at.index);
      if (attacked) cell.dataset.move = "1";
      // The diagram calls every other piece a blocker: one the piece attacks it captures
      // (a foe) or defends (a friend); the others are only in the way.
      const other = cells[name] === "blocker" || cells[name] === "captured";
      const kind = other ? (attacked ? "capture" : null) : cells[name];
      if (at && name !== state.square) markCell(cell, kind);
    });
    legend(a, at ? `${at.symbol} on ${at.square} (${at.betza}) attacks the green squares.` : "Click a piece (or move to it with the arrow keys and press Enter).");
    if (diagram) $("extra").replaceChildren(cellLegend(cells));
  },
  betza(b) {
    const d = read.diagram(b);
    const [w, h] = sizeOf($("betza_board").value, 9);
    const letter = $("black_piece").checked ? "x" : "X";
    const rows = Array.from({ length: h }, (_, r) => Array.from({ length: w }, (_, f) => (d.cells[squareName(f + 1, h - r)] === "piece" ? letter : "")));
    drawBoard(rows, (cell, name) => {
      markCell(cell, d.cells[name]);
      if (d.cells[name] === "blocker" || d.cells[name] === "captured") cell.classList.add("foe");
    });
    $("canonical").value = d.canonical;
    $("canonical").dataset.canonical = d.canonical;
    $("legend").textContent = `${$("text").value.trim()} read as ${$("dialect").value}: canonical ${d.canonical}. Initial moves (i) show from the side's second rank.` +
      (d.warnings.length ? "  Warnings: " + d.warnings.join("; ") : "");
    $("extra").replaceChildren(cellLegend(d.cells));
  },
  route(a) {
    const r = read.route(a);
    const steps = new Map(r.squares.map((s, k) => [s, k]));
    const captured = new Set(r.captured);
    drawBoard(state.grid, (cell, name) => {
      if (steps.has(name)) { cell.dataset.step = steps.get(name); badge(cell, "step", steps.get(name)); }
      if (captured.has(name)) cell.dataset.captured = "";
    });
    $("legend").textContent = r.found ? `${r.mover}: ${r.moves} moves, ${r.squares.join(" → ")}` : "No safe route.";
  },
  distances(a) {
    const d = read.distances(a);
    const max = Math.max(1, ...Object.values(d.map).filter((x) => typeof x === "number"));
    drawBoard(state.grid, (cell, name) => {
      const x = d.map[name];
      if (x === undefined || x === null) return;
      cell.dataset.distance = x;
      badge(cell, "dist", x);
      cell.style.boxShadow = `inset 0 0 0 100px hsla(${200 - 200 * (Number(x) / max)}, 80%, 50%, .45)`;
    });
    $("legend").textContent = `Moves of ${d.mover} from ${d.from} to every square (blank: unreachable).`;
  },
  duel(a) {
    const [w, h] = sizeOf(a.board, 8);
    const from = $("from").value.trim();
    const result = read.duel(a, from);
    const rows = Array.from({ length: h }, (_, r) => Array.from({ length: w }, (_, f) => (squareName(f + 1, h - r) === from ? "W" : "")));
    drawBoard(rows, (cell, name) => {
      const s = result.get(name);
      if (!s) return;
      cell.dataset.winner = s.winner;
      if (s.plies !== null) { cell.dataset.plies = s.plies; badge(cell, "plies", s.plies); }
    });
    $("legend").textContent = `${a.white} (White, on ${from}) against ${a.black}: white squares White wins, black squares Black wins (in plies), plain: draw.`;
  },
  infer(a) {
    const rows = diagramRows();
    const bad = new Set((a.unexplained || []).map((u) => `${u.row - 1},${u.column - 1}`));
    drawBoard(rows.map((r) => [...r].map((c) => (c === "o" ? "O" : ""))), (cell) => {
      const key = `${cell.dataset.row},${cell.dataset.col}`;
      if (state.marks.has(key)) cell.dataset.mark = "x";
      if (bad.has(key)) cell.dataset.unexplained = "";
    });
    $("legend").textContent = a.consistent
      ? `Largest rule: ${a.betza}; simplest: ${a.simplest_betza}.`
      : `No rule explains the squares outlined in red; largest rule: ${a.betza}.`;
  },
  endgame(e) {
    const squares = read.royalSquares(e);
    const grid = parseFen($("eg_fen").value);
    drawBoard(grid.map((row) => row.map((c) => (c === "k" ? "" : c))), (cell, name) => {
      if (!(name in squares)) return;
      const s = squares[name];
      if (name === state.square) cell.dataset.selected = "";
      if (s === null) { cell.dataset.result = "illegal"; cell.title = "illegal (the side not to move is in check)"; return; }
      cell.dataset.result = s.result;
      if (s.plies !== null) { cell.dataset.plies = s.plies; badge(cell, "plies", s.plies); }
      cell.title = s.result === "draw" ? "draw" : `${s.result} mates in ${s.plies} plies`;
    });
    const g = read.endgame(e);
    const lines = g.sides.map(([side, s]) => {
      const longest = s.longest ? `longest: ${s.longest.winner} mates in ${s.longest.plies} plies from ${s.longest.fen}` : "no decisive position";
      return `${side} to move: ${s.positions} positions, White wins ${s.white}, Black wins ${s.black}, draws ${s.draw}; ${longest}.`;
    });
    $("legend").textContent = `${g.material} on ${g.board}: Black's king on each free square (light: White mates, plies to mate; dark: Black wins; grey: draw; hatched: illegal).\n` + lines.join("\n");
    $("legend").dataset.positions = g.sides.map(([, s]) => s.positions).join(",");
  },
};

function legend(a, text) {
  const rules = new Map(read.pieces(a).filter((p) => !p.wall).map((p) => [p.symbol.toUpperCase(), p.betza]));
  $("legend").textContent = text + (rules.size ? "  Rules: " + [...rules].map(([s, b]) => `${s}=${b}`).join(" ") : "");
}

/** The best line from the chosen square of the endgame view (a probe). */
async function showProbe() {
  const fen = $("eg_fen").value.trim();
  const [placement, ...rest] = fen.split(/\s+/);
  const grid = parseFen(placement);
  const r0 = grid.findIndex((row) => row.includes("k"));
  if (r0 < 0 || !state.square) return;
  const target = $(`board`).querySelector(`[data-square="${state.square}"]`);
  if (!target || target.dataset.result === undefined || target.dataset.result === "illegal") return;
  grid[r0][grid[r0].indexOf("k")] = "";
  grid[Number(target.dataset.row)][Number(target.dataset.col)] = "k";
  const body = { ...request().body, fen: [fenOf(grid), ...rest].join(" ") };
  const { ok, text } = await ask(body, "endgame/probe");
  const box = document.createElement("div");
  box.id = "probe";
  if (!ok) { box.textContent = text; $("extra").replaceChildren(box); return; }
  const p = read.probe(JSON.parse(text));
  box.dataset.result = p.result;
  if (p.best) box.dataset.best = p.best;
  const head = document.createElement("p");
  head.textContent = `From ${state.square}: ` + (p.result === "draw" ? "a draw." : `${p.result} mates in ${p.plies} plies; best move ${p.best || "none"}.`);
  const cli = document.createElement("pre");
  cli.textContent = cliOf({ command: "endgame probe", body });
  const line = document.createElement("ol");
  line.className = "line";
  for (const m of p.line) {
    const li = document.createElement("li");
    li.textContent = m;
    line.appendChild(li);
  }
  box.append(head, line, cli);
  $("extra").replaceChildren(box);
}

/** The mating-potential table of the endgame view's board. */
async function showPotential() {
  const body = { board: $("eg_board").value.trim() };
  const d = defines();
  if (d.length) body.define = d;
  $("status").textContent = "solving the mating-potential table…";
  const { ok, text } = await ask(body, "endgame/potential");
  $("status").textContent = ok ? "" : text;
  if (!ok) return;
  const table = document.createElement("table");
  table.id = "potential-table";
  table.innerHTML = "<caption>Mating potential: the piece with its king against a lone king</caption><tr><th scope=col>board</th><th scope=col>piece</th><th scope=col>betza</th><th scope=col>forces mate</th><th scope=col>longest (plies)</th></tr>";
  for (const row of read.potential(JSON.parse(text))) {
    const tr = document.createElement("tr");
    tr.dataset.piece = row.piece;
    tr.dataset.forcesMate = row.forces_mate;
    for (const v of [row.board, row.piece, row.betza, row.forces_mate ? "yes" : "no", row.longest ?? "–"]) {
      const td = document.createElement("td");
      td.textContent = v;
      tr.appendChild(td);
    }
    table.appendChild(tr);
  }
  const cli = document.createElement("pre");
  cli.textContent = cliOf({ command: "endgame potential", body });
  $("extra").replaceChildren(table, cli);
}

// ---------------------------------------------------------------- asking

async function ask(body, endpoint) {
  const response = await fetch("/api/" + endpoint, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const text = await response.text();
  return { ok: response.ok, text };
}

/** A body as text with its keys sorted (to compare a request with the inlined first answer). */
function canonicalBody(body) {
  return JSON.stringify(Object.keys(body).sort().map((k) => [k, body[k]]));
}

/** The answer the server inlined into the page for its own URL, if it is `req`'s (once). */
function inlined(req) {
  const el = document.getElementById("first-answer");
  if (!el) return null;
  el.remove();
  try {
    const first = JSON.parse(el.textContent);
    if (first.endpoint === req.endpoint && canonicalBody(first.body) === canonicalBody(req.body)) return { ok: true, text: first.answer };
  } catch (_) { /* not ours */ }
  return null;
}

/** Shows an error answer; a Betza text's fault gets a caret under its character. */
function showError(text) {
  let message = text;
  let e = null;
  try { e = read.error(JSON.parse(text)); message = `${e.kind}: ${e.error}`; } catch (_) { /* not JSON */ }
  $("status").textContent = message;
  $("status").className = "error";
  const box = $("betza-error");
  if (state.view === "betza" && e && e.character) {
    const t = $("text").value;
    box.textContent = `${t}\n${" ".repeat(Math.max(0, e.character - 1))}^ character ${e.character}`;
    box.dataset.at = e.character;
    box.hidden = false;
    $("text").setAttribute("aria-invalid", "true");
    $("canonical").value = "";
    delete $("canonical").dataset.canonical;
  }
}

async function update() {
  const req = request();
  state.request = req;
  const asked = ++state.asked;
  writeUrl(req);
  $("cli").textContent = cliOf(req);
  document.querySelectorAll("#views button").forEach((b) => b.setAttribute("aria-pressed", String(b.dataset.view === state.view)));
  document.querySelectorAll("[class*='for-']").forEach((el) => {
    el.hidden = ![...el.classList].some((c) => c === "for-" + state.view || (c === "for-position" && ON_POSITION.includes(state.view)));
  });
  document.body.dataset.ready = "";
  $("status").textContent = state.view === "endgame" ? "solving…" : "…";
  $("status").className = "";
  $("betza-error").hidden = true;
  $("text").removeAttribute("aria-invalid");
  const { ok, text } = inlined(req) || (await ask(req.body, req.endpoint));
  // A newer request was made meanwhile (typing): its answer draws.
  if (asked !== state.asked) return;
  $("extra").replaceChildren();
  if (!ok) {
    $("json").textContent = text;
    showError(text);
    drawBoard(ON_POSITION.includes(state.view) ? state.grid : [[]]);
    document.body.dataset.ready = "error";
    return;
  }
  state.answer = JSON.parse(text);
  $("status").textContent = "";
  let diagram = null;
  if (state.view === "moves") diagram = await movesDiagram(state.answer);
  if (asked !== state.asked) return;
  paint[state.view](state.answer, diagram);
  if (!document.body.dataset.firstRender) {
    // Laid out (the one layout the browser does before painting anyway), then timed: ms
    // since the navigation began (the request included).
    void $("board").offsetHeight;
    document.body.dataset.firstRender = Math.round(performance.now());
  }
  // The answer's text after the picture: laying out a long JSON text is not the picture's wait.
  $("json").textContent = text;
  if (state.view === "endgame" && state.square) await showProbe();
  document.body.dataset.ready = state.view;
}

/**
 * The moves view's diagram of the chosen piece: its rule (`betza` of the attacks answer) on
 * this board, every other piece a blocker; null when there is none (no piece chosen, a board
 * beyond the diagram's 40×40, a rule the betza command refuses).
 */
async function movesDiagram(a) {
  const at = read.pieces(a).find((p) => p.square === state.square && !p.wall);
  const h = state.grid.length;
  const w = h ? state.grid[0].length : 0;
  if (!at || w > 40 || h > 40) return null;
  const others = read.pieces(a).filter((p) => p.index !== at.index && !p.wall).map((p) => p.square);
  const body = { text: at.betza, board: `${w}x${h}`, at: at.square };
  if (at.colour === "black") body.black = true;
  if (others.length) body.blockers = others.join("/");
  const { ok, text } = await ask(body, "betza");
  return ok ? JSON.parse(text) : null;
}

// ---------------------------------------------------------------- editing

function colour() {
  return document.querySelector("input[name=colour]:checked").value;
}

/** `list` (comma-separated squares) with `name` added or taken out. */
function toggled(list, name) {
  // Squares are separated by `/` (a square over 26 files is `28,2`); letter squares typed
  // with commas (`d5,e6`) are read too.
  const items = list.split(/[\/\s]+/).flatMap((s) => (/[a-z]/.test(s) ? s.split(",") : [s])).map((s) => s.trim()).filter(Boolean);
  const i = items.indexOf(name);
  if (i >= 0) items.splice(i, 1); else items.push(name);
  return items.join("/");
}

function onSquare(cell) {
  const r = Number(cell.dataset.row);
  const f = Number(cell.dataset.col);
  const name = cell.dataset.square;
  const v = state.view;
  state.focus = name;
  if (v === "infer") {
    const key = `${r},${f}`;
    if (state.marks.has(key)) state.marks.delete(key); else state.marks.add(key);
  } else if (v === "duel") {
    $("from").value = name;
  } else if (v === "betza") {
    if ($("betza_pick").value === "at") $("at").value = name;
    else if (cell.dataset.cell !== "piece") $("blockers").value = toggled($("blockers").value, name);
  } else if (v === "endgame") {
    if (cell.dataset.result === undefined) return;
    state.square = name;
    document.querySelectorAll("#board [data-selected]").forEach((c) => delete c.dataset.selected);
    cell.dataset.selected = "";
    writeUrl(state.request);
    document.body.dataset.ready = "";
    showProbe().then(() => { document.body.dataset.ready = "endgame"; });
    return;
  } else if (v === "moves" && state.grid[r][f] && state.grid[r][f] !== "*") {
    state.square = name;
  } else if ((v === "route" || v === "distances") && $("pick").value !== "edit") {
    if ($("pick").value === "mover") $("mover").value = $("mover").value.replace(/@.*$/, "") + "@" + name;
    else $("to").value = name;
  } else {
    const letter = $("brush").value.trim() || "N";
    const c = colour();
    const piece = c === "*" ? "*" : c === "w" ? letter.toUpperCase() : letter.toLowerCase();
    state.grid[r][f] = state.grid[r][f] === piece ? "" : piece;
    $("fen").value = fenOf(state.grid);
  }
  update();
}

/** `fn` called once typing pauses for `ms`. */
function debounced(fn, ms) {
  let timer = 0;
  return () => { clearTimeout(timer); timer = setTimeout(fn, ms); };
}

function wire() {
  $("board").addEventListener("click", (e) => {
    const cell = e.target.closest(".sq");
    if (cell) onSquare(cell);
  });
  $("board").addEventListener("keydown", onBoardKey);
  let dragged = null;
  $("board").addEventListener("dragstart", (e) => { dragged = e.target.closest(".sq"); });
  $("board").addEventListener("dragover", (e) => e.preventDefault());
  $("board").addEventListener("drop", (e) => {
    e.preventDefault();
    const to = e.target.closest(".sq");
    if (!dragged || !to || dragged === to || !ON_POSITION.includes(state.view)) return;
    const [r0, f0, r1, f1] = [dragged.dataset.row, dragged.dataset.col, to.dataset.row, to.dataset.col].map(Number);
    state.grid[r1][f1] = state.grid[r0][f0];
    state.grid[r0][f0] = "";
    $("fen").value = fenOf(state.grid);
    dragged = null;
    update();
  });
  document.querySelectorAll("#views button").forEach((b) => b.addEventListener("click", () => { state.view = b.dataset.view; update(); }));
  $("fen").addEventListener("change", () => { state.grid = parseFen($("fen").value); update(); });
  $("clear").addEventListener("click", () => { state.grid = emptyGrid($("size").value); $("fen").value = fenOf(state.grid); update(); });
  $("variant").addEventListener("change", async () => {
    $("fen").value = "";
    const v = $("variant").value;
    if (v) {
      const { ok, text } = await ask({ name: v, variants_ini: $("ini").value || [] }, "variants");
      if (ok) { $("fen").value = JSON.parse(text)[0].start_fen; state.grid = parseFen($("fen").value); }
    }
    update();
  });
  // A pasted variants.ini adds its variants to the picker.
  $("ini").addEventListener("change", async () => {
    await fillVariants(ask($("ini").value.trim() ? { variants_ini: $("ini").value } : {}, "variants"));
    update();
  });
  for (const id of ["define", "wrap", "mover", "to", "may_capture", "white", "black", "duel_board", "from", "infer_size",
    "dialect", "black_piece", "betza_board", "at", "blockers", "material", "eg_board", "eg_fen", "stalemate"]) {
    $(id).addEventListener("change", update);
  }
  // The canonical form follows the typing.
  $("text").addEventListener("input", debounced(update, 150));
  $("eg_fen").addEventListener("change", () => { state.square = ""; });
  $("potential").addEventListener("click", showPotential);
  $("go").addEventListener("click", update);
  document.querySelectorAll(".copy").forEach((b) => b.addEventListener("click", () => navigator.clipboard && navigator.clipboard.writeText($(b.dataset.copy).textContent)));
  $("link").addEventListener("click", () => navigator.clipboard && navigator.clipboard.writeText(location.href));
  $("svg").addEventListener("click", () => exportPicture("svg"));
  $("png").addEventListener("click", () => exportPicture("png"));
}

/** The CLI's SVG picture of the current request (`--format svg`), saved as SVG or PNG. */
async function exportPicture(kind) {
  const req = state.request || request();
  const response = await fetch("/api/" + req.endpoint, { method: "POST", body: JSON.stringify({ ...req.body, format: "svg" }) });
  if (!response.ok) { $("status").textContent = await response.text(); return; }
  const svg = await response.text();
  const name = `chessreach-${state.view}`;
  if (kind === "svg") return save(new Blob([svg], { type: "image/svg+xml" }), name + ".svg");
  const image = new Image();
  image.onload = () => {
    const canvas = document.createElement("canvas");
    canvas.width = image.width || 800;
    canvas.height = image.height || 800;
    canvas.getContext("2d").drawImage(image, 0, 0);
    canvas.toBlob((blob) => save(blob, name + ".png"));
  };
  image.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(svg);
}

function save(blob, name) {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = name;
  a.click();
}

/** Fills the variant picker; keeps the variant the URL names selected. */
async function fillVariants(list) {
  const answer = await list;
  if (!answer.ok) return;
  const chosen = $("variant").value || new URLSearchParams(location.search).get("variant") || "";
  while ($("variant").options.length > 1) $("variant").remove(1);
  for (const v of JSON.parse(answer.text)) {
    const o = document.createElement("option");
    o.value = o.textContent = v.name;
    $("variant").appendChild(o);
  }
  $("variant").value = chosen;
}

async function start() {
  performance.mark("lab-script");
  wire();
  const named = new URLSearchParams(location.search).has("variant");
  if (named) await fillVariants(ask({}, "variants"));
  readUrl();
  if ($("variant").value && !$("fen").value) {
    const v = await ask({ name: $("variant").value }, "variants");
    if (v.ok) { $("fen").value = JSON.parse(v.text)[0].start_fen; state.grid = parseFen($("fen").value); }
  }
  if (!$("fen").value && ON_POSITION.includes(state.view) && !$("variant").value) $("fen").value = fenOf(state.grid);
  await update();
  // The picker is filled after the first picture: the first render waits for nothing else.
  if (!named) fillVariants(ask({}, "variants"));
}

start();
