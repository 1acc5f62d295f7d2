// The Betza lab: the page's state lives in the URL (the CLI's option names); every picture is
// drawn from the JSON answer of the API, which is exactly what the CLI prints.
"use strict";

const $ = (id) => document.getElementById(id);
const VIEWS = ["attacks", "moves", "route", "distances", "duel", "infer"];
const state = { view: "attacks", grid: [], width: 8, height: 8, square: "", marks: new Set(), answer: null, request: null };

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

const TEXT_KEYS = ["fen", "variant", "wrap", "mover", "to", "may_capture", "white", "black", "from"];

function readUrl() {
  const q = new URLSearchParams(location.search);
  state.view = VIEWS.includes(q.get("view")) ? q.get("view") : "attacks";
  for (const k of TEXT_KEYS) if (q.has(k)) $(k).value = q.get(k);
  if (q.has("define")) $("define").value = q.getAll("define").join("\n");
  if (q.has("board") && state.view === "duel") $("duel_board").value = q.get("board");
  if (q.has("board") && state.view !== "duel" && !q.has("fen")) $("size").value = q.get("board");
  state.square = q.get("square") || "";
  if (q.has("diagram")) {
    const rows = q.get("diagram").split("/");
    $("infer_size").value = `${rows[0].length}x${rows.length}`;
    state.marks = new Set();
    rows.forEach((row, r) => [...row].forEach((c, f) => { if (c === "x") state.marks.add(`${r},${f}`); }));
  }
  state.grid = $("fen").value ? parseFen($("fen").value) : emptyGrid($("size").value);
  if (!$("fen").value && !$("variant").value && state.view !== "duel" && state.view !== "infer") {
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
  const m = /^(\d+)x(\d+)$/.exec(text.trim());
  return m ? [Math.max(1, Math.min(+m[1], 99)), Math.max(1, Math.min(+m[2], 99))] : [fallback, fallback];
}

/** The endpoint and the body (keys: the CLI's long options) the current view asks. */
function request() {
  const v = state.view;
  if (v === "infer") return { endpoint: "infer", command: "infer", body: { diagram: diagramRows().join("\n") + "\n" } };
  if (v === "duel") {
    const body = { white: $("white").value.trim(), black: $("black").value.trim(), board: $("duel_board").value.trim() };
    if ($("from").value.trim()) body.from = $("from").value.trim();
    return { endpoint: "duel/solve", command: "duel solve", body };
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
  if (state.view === "moves" && state.square) q.set("square", state.square);
  history.replaceState(null, "", "?" + q.toString());
}

// ---------------------------------------------------------------- the command line

function shellQuote(s) {
  return /^[\w@%+=:,./-]+$/.test(s) ? s : "'" + s.replace(/'/g, "'\\''") + "'";
}

function cliOf(req) {
  const parts = ["chessreach", ...req.command.split(" ")];
  let stdin = "";
  for (const [k, v] of Object.entries(req.body)) {
    if (k === "diagram") { stdin = v; continue; }
    if (k === "variants_ini") { parts.push("--variants", "variants.ini"); continue; }
    const flag = "--" + k.replace(/_/g, "-");
    for (const x of Array.isArray(v) ? v : [v]) {
      if (x === true) parts.push(flag);
      else if (x !== false && x !== null) parts.push(flag, shellQuote(String(x)));
    }
  }
  parts.push("--format", "json");
  const line = parts.join(" ");
  return stdin ? `printf '%s' ${shellQuote(stdin)} | ${line}` : line;
}

// ---------------------------------------------------------------- drawing

function cellSize(w, h) {
  const room = Math.min($("picture").clientWidth - 8, window.innerHeight * 0.75, 720);
  return Math.max(24, Math.min(64, Math.floor(room / Math.max(w, h, 1))));
}

/** Draws the board: one button per square, named as the CLI names it. */
function drawBoard(rows, fill) {
  const board = $("board");
  const h = rows.length;
  const w = rows[0] ? rows[0].length : 0;
  board.style.gridTemplateColumns = `repeat(${w}, auto)`;
  board.style.setProperty("--cell", cellSize(w, h) + "px");
  const frag = document.createDocumentFragment();
  for (let r = 0; r < h; r++) {
    for (let f = 0; f < w; f++) {
      const file = f + 1;
      const rank = h - r;
      const name = squareName(file, rank);
      const cell = document.createElement("button");
      cell.type = "button";
      cell.className = "sq" + ((file + rank) % 2 === 0 ? " dark" : "");
      cell.dataset.square = name;
      cell.dataset.row = r;
      cell.dataset.col = f;
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
        cell.draggable = true;
        label += ` ${white ? "white" : "black"} ${piece}`;
      }
      cell.setAttribute("aria-label", label);
      if (fill) fill(cell, name, piece);
      frag.appendChild(cell);
    }
  }
  board.replaceChildren(frag);
}

function badge(cell, cls, text) {
  const b = document.createElement("span");
  b.className = "n " + cls;
  b.textContent = text;
  cell.appendChild(b);
}

const paint = {
  attacks(a) {
    const colour = a.pieces.map((p) => p.colour);
    drawBoard(state.grid, (cell, name) => {
      const who = a.attackers[name];
      if (!who) return;
      const white = who.filter((i) => colour[i] === "white").length;
      const black = who.filter((i) => colour[i] === "black").length;
      if (white) { cell.dataset.white = white; badge(cell, "w", white); }
      if (black) { cell.dataset.black = black; badge(cell, "b", black); }
      cell.title = "attacked by " + who.map((i) => `${a.pieces[i].symbol}@${a.pieces[i].square}`).join(", ");
    });
    legend(a, `White attacks ${a.white.count} squares (red, count bottom left), Black ${a.black.count} (blue, count top right); both: purple. Hover a square for its attackers.`);
  },
  moves(a) {
    const at = a.pieces.find((p) => p.square === state.square);
    drawBoard(state.grid, (cell, name) => {
      if (name === state.square) cell.dataset.selected = "";
      if (at && (a.attackers[name] || []).includes(at.index)) cell.dataset.move = "1";
    });
    legend(a, at ? `${at.symbol} on ${at.square} (${at.betza}) attacks the green squares.` : "Click a piece.");
  },
  route(a) {
    const steps = new Map((a.route || []).map((s, k) => [s, k]));
    const captured = new Set(a.captured || []);
    drawBoard(state.grid, (cell, name) => {
      if (steps.has(name)) { cell.dataset.step = steps.get(name); badge(cell, "step", steps.get(name)); }
      if (captured.has(name)) cell.dataset.captured = "";
    });
    $("legend").textContent = a.route ? `${a.mover}: ${a.moves} moves, ${a.route.join(" → ")}` : "No safe route.";
  },
  distances(a) {
    const max = Math.max(1, ...Object.values(a.distances).filter((d) => typeof d === "number"));
    drawBoard(state.grid, (cell, name) => {
      const d = a.distances[name];
      if (d === undefined || d === null) return;
      cell.dataset.distance = d;
      badge(cell, "dist", d);
      cell.style.boxShadow = `inset 0 0 0 100px hsla(${200 - 200 * (Number(d) / max)}, 80%, 50%, .45)`;
    });
    $("legend").textContent = `Moves of ${a.mover} from ${a.from} to every square (blank: unreachable).`;
  },
  duel(a) {
    const [w, h] = sizeOf(a.board, 8);
    const from = $("from").value.trim();
    const result = new Map(a.starts.filter((s) => s.white === from).map((s) => [s.black, s]));
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
};

function legend(a, text) {
  const rules = new Map(a.pieces.filter((p) => !p.wall).map((p) => [p.symbol.toUpperCase(), p.betza]));
  $("legend").textContent = text + (rules.size ? "  Rules: " + [...rules].map(([s, b]) => `${s}=${b}`).join(" ") : "");
}

// ---------------------------------------------------------------- asking

async function ask(body, endpoint) {
  const response = await fetch("/api/" + endpoint, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const text = await response.text();
  return { ok: response.ok, text };
}

async function update() {
  const req = request();
  state.request = req;
  writeUrl(req);
  $("cli").textContent = cliOf(req);
  document.querySelectorAll("#views button").forEach((b) => b.setAttribute("aria-pressed", String(b.dataset.view === state.view)));
  document.querySelectorAll("[class*='for-']").forEach((el) => {
    el.hidden = ![...el.classList].some((c) => c === "for-" + state.view || (c === "for-position" && !["duel", "infer"].includes(state.view)));
  });
  document.body.dataset.ready = "";
  $("status").textContent = "…";
  $("status").className = "";
  const { ok, text } = await ask(req.body, req.endpoint);
  $("json").textContent = text;
  if (!ok) {
    let message = text;
    try { const e = JSON.parse(text); message = `${e.kind}: ${e.error}`; } catch (_) { /* not JSON */ }
    $("status").textContent = message;
    $("status").className = "error";
    drawBoard(state.view === "duel" || state.view === "infer" ? [[]] : state.grid);
    document.body.dataset.ready = "error";
    return;
  }
  state.answer = JSON.parse(text);
  $("status").textContent = "";
  paint[state.view](state.answer);
  if (!document.body.dataset.firstRender) document.body.dataset.firstRender = Math.round(performance.now());
  document.body.dataset.ready = state.view;
}

// ---------------------------------------------------------------- editing

function colour() {
  return document.querySelector("input[name=colour]:checked").value;
}

function onSquare(cell) {
  const r = Number(cell.dataset.row);
  const f = Number(cell.dataset.col);
  const name = cell.dataset.square;
  const v = state.view;
  if (v === "infer") {
    const key = `${r},${f}`;
    if (state.marks.has(key)) state.marks.delete(key); else state.marks.add(key);
  } else if (v === "duel") {
    $("from").value = name;
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

function wire() {
  $("board").addEventListener("click", (e) => {
    const cell = e.target.closest(".sq");
    if (cell) onSquare(cell);
  });
  let dragged = null;
  $("board").addEventListener("dragstart", (e) => { dragged = e.target.closest(".sq"); });
  $("board").addEventListener("dragover", (e) => e.preventDefault());
  $("board").addEventListener("drop", (e) => {
    e.preventDefault();
    const to = e.target.closest(".sq");
    if (!dragged || !to || dragged === to || state.view === "duel" || state.view === "infer") return;
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
  for (const id of ["define", "wrap", "mover", "to", "may_capture", "white", "black", "duel_board", "from", "infer_size"]) {
    $(id).addEventListener("change", update);
  }
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
  wire();
  // The picker is filled while the first picture is drawn; a URL naming a variant waits.
  const filled = fillVariants(ask({}, "variants"));
  if (new URLSearchParams(location.search).has("variant")) await filled;
  readUrl();
  if ($("variant").value && !$("fen").value) {
    const v = await ask({ name: $("variant").value }, "variants");
    if (v.ok) { $("fen").value = JSON.parse(v.text)[0].start_fen; state.grid = parseFen($("fen").value); }
  }
  if (!$("fen").value && state.view !== "duel" && state.view !== "infer" && !$("variant").value) $("fen").value = fenOf(state.grid);
  update();
}

start();
