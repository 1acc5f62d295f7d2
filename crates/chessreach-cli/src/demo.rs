//! `chessreach demo`: every capability on bundled examples.

use std::io::Write;

use anyhow::Result;
use chessreach::attack::{AttackMap, Position, StripAttackMap, Symbols};
use chessreach::geometry::Board;
use chessreach::problems::{self, Problem};
use chessreach::render::{self, attack_cell, attack_legend};

use crate::attacks::view_of;
use crate::output;

/// Arguments of `chessreach demo`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {}

/// Bundled positions: (title, FEN, letter definitions).
const POSITIONS: [(&str, &str, &[&str]); 2] = [
    (
        "The orthodox start position",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
        &[],
    ),
    (
        "Capablanca chess on 10x8: archbishop A=BN and chancellor C=RN",
        "r1a1kbc1nr/pp1ppppppp/2n7/2p7/10/5N4/PPPPPPPPPP/RNABQKBC1R",
        &["A=BN", "C=RN"],
    ),
];

pub(crate) fn run(_: &Args) -> Result<()> {
    let mut out = output::stdout();
    for (title, fen, defs) in POSITIONS {
        let mut symbols = Symbols::default();
        for d in defs {
            symbols.define(d)?;
        }
        let pos = Position::from_fen_with(fen, &symbols)?;
        let map = AttackMap::new(&pos)?;
        writeln!(out, "== attacks: {title}")?;
        let defines: Vec<String> = defs.iter().map(|d| format!(" --define '{d}'")).collect();
        writeln!(out, "   chessreach attacks --fen '{fen}'{}", defines.concat())?;
        write!(
            out,
            "{}",
            render::text(&view_of(&pos, None, &[])?, attack_cell(&pos, &map, None))
        )?;
        writeln!(out, "{}\n", attack_legend(None))?;
    }
    // The first infinite-chess sample's pieces on a strip.
    let strip = crate::position_args::PositionArgs {
        fen: None,
        board: "infx8".parse::<Board>()?,
        piece: vec!["N@4,8".into(), "B@4,6".into()],
        black: vec![],
        define: vec![],
    };
    let pos = strip.position()?;
    let map = StripAttackMap::new(&pos).expect("strip");
    writeln!(
        out,
        "== attacks: knight and bishop on an 8-rank strip (files unbounded)"
    )?;
    writeln!(
        out,
        "   chessreach attacks --board infx8 --piece N@4,8 --piece B@4,6"
    )?;
    write!(
        out,
        "{}",
        render::text(&view_of(&pos, Some((0, 10)), &[])?, attack_cell(&pos, &map, None))
    )?;
    writeln!(out, "{}\n", attack_legend(None))?;
    classics(&mut out)?;
    weird(&mut out)?;
    duel(&mut out)?;
    roads(&mut out)?;
    out.flush()?;
    Ok(())
}

/// weird-chess on its first sample, and `infer` naming a knight.
fn weird(out: &mut impl Write) -> Result<()> {
    let input = "5\noxxxx\nx...x\nx...x\nx...x\nxxxxo\n";
    writeln!(
        out,
        "== weird-chess ({}): which rule attacks this way?",
        Problem::WeirdChess.origin()
    )?;
    writeln!(out, "   input: {}", input.trim().replace('\n', " / "))?;
    let mut answer = Vec::new();
    problems::solve(Problem::WeirdChess, input, &mut answer)?;
    out.write_all(&answer)?;
    let d: chessreach::infer::Diagram = ".x.x.\nx...x\n..o..\nx...x\n.x.x.".parse()?;
    let found = chessreach::infer::infer(&d);
    writeln!(
        out,
        "\n   chessreach infer on the diagram\n{}",
        d.to_string()
            .lines()
            .map(|l| format!("   {l}"))
            .collect::<Vec<_>>()
            .join("\n")
    )?;
    writeln!(
        out,
        "   simplest rule that draws it: {}",
        found.simplest_name().unwrap_or_else(|| "(none short)".into())
    )?;
    Ok(())
}

/// The route classics on their samples: input, answer, and the route drawn by `path`.
fn classics(out: &mut impl Write) -> Result<()> {
    let show =
        |out: &mut dyn Write, title: &str, problem: Problem, input: &str, path_args: &[&str]| -> Result<()> {
            writeln!(out, "== {problem} ({}): {title}", problem.origin())?;
            writeln!(out, "   input: {}", input.trim().replace('\n', " / "))?;
            let mut answer = Vec::new();
            problems::solve(problem, input, &mut answer)?;
            writeln!(
                out,
                "   answer: {}",
                String::from_utf8_lossy(&answer).trim().replace('\n', " ")
            )?;
            writeln!(out, "   chessreach path {}", path_args.join(" "))?;
            let mut shown = Vec::new();
            crate::path::run_to(&crate::path::args_from(path_args)?, &mut shown)?;
            out.write_all(&shown)?;
            writeln!(out)?;
            Ok(())
        };
    show(
        out,
        "black king from (1,8) to (7,8) past a knight and a bishop",
        Problem::InfiniteChess,
        "1 8\n7 8\n2\nN 4 8\nB 4 6\n",
        &[
            "--board", "infx8", "--piece", "N@4,8", "--piece", "B@4,6", "--mover", "b:K@1,8", "--to", "7,8",
            "--files", "0..10",
        ],
    )?;
    show(
        out,
        "king from g2 takes pawn a8, past pawn a2 (pawns attack upwards)",
        Problem::KingPath,
        "g2 a8 a2\n",
        &[
            "--board",
            "8x8",
            "--piece",
            "P@a8/a2",
            "--mover",
            "b:K@g2",
            "--capture",
            "a8",
            "--may-capture",
            "all",
        ],
    )?;
    Ok(())
}

/// knightmare: the strategy against the greedy opponent on a 10×10 board, and its proof.
fn duel(out: &mut impl Write) -> Result<()> {
    use chessreach::duel::{policy::Policy, strategy::Strategy, verify::verify_board, Duel};
    use chessreach::piece::Colour;
    let d = Duel::new(10, 10)?;
    let (mut w, mut b) = (Duel::cell(1, 1), Duel::cell(9, 10));
    let strategy = Strategy::new(d);
    let mut choice = strategy.choose(w, b);
    let mut greedy = Policy::greedy(d, 1);
    writeln!(
        out,
        "\n== knightmare ({}): 10x10, white (1,1), black (9,10)",
        Problem::Knightmare.origin()
    )?;
    writeln!(
        out,
        "   the engine chooses {} and plays against a greedy opponent:",
        choice.side
    )?;
    let mut to_move = Colour::White;
    let mut line = Vec::new();
    let winner = loop {
        let to = if to_move == choice.side {
            let (me, them) = if to_move == Colour::White { (w, b) } else { (b, w) };
            strategy.reply(&mut choice, me, them)
        } else {
            greedy.choose(&d, to_move, w, b)
        };
        line.push(format!(
            "{}:{},{}",
            if to_move == Colour::White { "W" } else { "B" },
            to.rank,
            to.file
        ));
        if to_move == Colour::White {
            w = to;
        } else {
            b = to;
        }
        if let Some(winner) = d.after_move(to_move, w, b) {
            break winner;
        }
        to_move = to_move.opponent();
    };
    writeln!(out, "   {}", line.join(" "))?;
    writeln!(
        out,
        "   {winner} wins (N white, n black; + White's target, - Black's)"
    )?;
    let pic = crate::duel::picture(&d, w, b);
    write!(out, "{pic}")?;
    let report = verify_board(d, 350)?;
    writeln!(
        out,
        "   chessreach duel verify: on 10x10 the chosen side wins from all {} starts against every reply ({} states)",
        report.starts, report.states
    )?;
    Ok(())
}

/// roads: the seed sample, with the first placement's reach drawn.
fn roads(out: &mut impl Write) -> Result<()> {
    let input = "4 4 3\n1 3 1\n2 2 2\n3 3 0\n1 1 1\n2 3 1 1\n3 2 2 1\n1 0 3 3\n0 5 2 2\n1 3 2 3\n1 6 3 2\n";
    writeln!(
        out,
        "\n== roads ({}): three placements on a 4x4 grid of typed roads",
        Problem::Roads.origin()
    )?;
    let mut answer = Vec::new();
    problems::solve(Problem::Roads, input, &mut answer)?;
    writeln!(
        out,
        "   answers: {}",
        String::from_utf8_lossy(&answer).trim().replace('\n', " ")
    )?;
    writeln!(out, "   chessreach roads --show 3")?;
    let p = problems::roads::parse(input)?;
    let got = chessreach::roads::reach(&p.grid, &p.pieces[..2], &p.pieces[2]);
    let drawn = crate::roads::text(&p.grid, &p.pieces, 2, &got);
    for line in drawn.lines() {
        writeln!(out, "   {line}")?;
    }
    writeln!(
        out,
        "   @ the piece; 1 2 3 reached by that road type; X captured; w b other pieces"
    )?;
    Ok(())
}
