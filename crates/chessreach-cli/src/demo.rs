//! `chessreach demo`: every capability on bundled examples.

use std::io::Write;

use anyhow::{Context, Result};
use chessreach::attack::{AttackMap, AttackQuery, Position, Setup, StripAttackMap, Symbols};
use chessreach::geometry::{Board, Wrap};
use chessreach::limits::Budget;
use chessreach::path::{self, Capturable, Mover, Question, Target};
use chessreach::piece::Colour;
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
            render::text(
                &view_of(&pos, crate::attacks::Window::default(), &[])?,
                attack_cell(&pos, &map, None)
            )
        )?;
        writeln!(out, "{}\n", attack_legend(None))?;
    }
    // The first infinite-chess sample's pieces on a strip.
    let pos = position("infx8", &["N@4,8", "B@4,6"])?;
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
        render::text(
            &view_of(
                &pos,
                crate::attacks::Window {
                    files: Some((0, 10)),
                    ranks: None
                },
                &[]
            )?,
            attack_cell(&pos, &map, None),
        )
    )?;
    writeln!(out, "{}\n", attack_legend(None))?;
    wrapped(&mut out)?;
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

/// A rook and a knight on a cylinder: lines and leaps come round the joined edge.
fn wrapped(out: &mut impl Write) -> Result<()> {
    let pos = position("6x5", &["R@b2", "b:N@f5"])?.with_wrap(Wrap::Files)?;
    let map = AttackMap::new(&pos)?;
    writeln!(
        out,
        "== attacks on a cylinder (files wrap: a and f are neighbours)"
    )?;
    writeln!(
        out,
        "   chessreach attacks --board 6x5 --piece R@b2 --black N@f5 --wrap files"
    )?;
    let view = view_of(&pos, crate::attacks::Window::default(), &[])?;
    write!(out, "{}", render::text(&view, attack_cell(&pos, &map, None)))?;
    writeln!(out, "{}\n", attack_legend(None))?;
    Ok(())
}

/// A position of White pieces (`b:` for Black) from specs, as `--piece` reads them.
fn position(board: &str, specs: &[&str]) -> Result<Position> {
    let mut setup = Setup::new(board.parse::<Board>()?);
    for spec in specs {
        setup.place(spec, Colour::White)?;
    }
    Ok(setup.build()?)
}

/// One route classic on its sample: the input, the answer, and the same question asked of
/// the route engine and drawn (as `chessreach path` would).
struct RouteShow<'a> {
    title: &'a str,
    problem: Problem,
    input: &'a str,
    board: &'a str,
    pieces: &'a [&'a str],
    question: Question,
    files: Option<(i64, i64)>,
    command: &'a str,
}

fn show_route(out: &mut impl Write, show: &RouteShow<'_>) -> Result<()> {
    let problem = show.problem;
    writeln!(out, "== {problem} ({}): {}", problem.origin(), show.title)?;
    writeln!(out, "   input: {}", show.input.trim().replace('\n', " / "))?;
    let mut answer = Vec::new();
    problems::solve(problem, show.input, &mut answer)?;
    writeln!(
        out,
        "   answer: {}",
        String::from_utf8_lossy(&answer).trim().replace('\n', " ")
    )?;
    writeln!(out, "   {}", show.command)?;
    let pos = position(show.board, show.pieces)?;
    let Some(way) = path::ask(&pos, &show.question, Budget::default())? else {
        anyhow::bail!("the sample's route exists");
    };
    let squares: Vec<String> = way.waypoints.iter().map(|&c| pos.board().name(c)).collect();
    writeln!(out, "   {} moves: {}", way.moves, squares.join(" "))?;
    let window = render::Window {
        files: show.files,
        ranks: None,
    };
    let view = render::view_of(&pos, window, &[show.question.mover.at])?;
    let map: Box<dyn AttackQuery> = match pos.board() {
        Board::Rect(_) => Box::new(AttackMap::new(&pos)?),
        Board::Strip(_) => Box::new(StripAttackMap::new(&pos).context("a strip")?),
    };
    let mover = ('K', show.question.mover.colour);
    let cell = render::route_cell(&pos, Some(map.as_ref()), mover, Some(&way), 4000);
    write!(out, "{}", render::text(&view, cell))?;
    writeln!(out, "{}\n", render::ROUTE_LEGEND)?;
    Ok(())
}

/// The route classics on their samples.
fn classics(out: &mut impl Write) -> Result<()> {
    let king = |at: &str| -> Result<Mover> {
        Ok(Mover {
            by_square: None,
            rule: "K".parse()?,
            colour: Colour::Black,
            at: at.parse()?,
        })
    };
    show_route(
        out,
        &RouteShow {
            title: "black king from (1,8) to (7,8) past a knight and a bishop",
            problem: Problem::InfiniteChess,
            input: "1 8\n7 8\n2\nN 4 8\nB 4 6\n",
            board: "infx8",
            pieces: &["N@4,8", "B@4,6"],
            question: Question {
                mover: king("1,8")?,
                target: Target::Square("7,8".parse()?),
                may_capture: Capturable::Nothing,
            },
            files: Some((0, 10)),
            command: "chessreach path --board infx8 --piece N@4,8 --piece B@4,6 --mover b:K@1,8 --to 7,8 --files 0..10",
        },
    )?;
    show_route(
        out,
        &RouteShow {
            title: "king from g2 takes pawn a8, past pawn a2 (pawns attack upwards)",
            problem: Problem::KingPath,
            input: "g2 a8 a2\n",
            board: "8x8",
            pieces: &["P@a8/a2"],
            question: Question {
                mover: king("g2")?,
                target: Target::Capture("a8".parse()?),
                may_capture: Capturable::All,
            },
            files: None,
            command:
                "chessreach path --board 8x8 --piece P@a8/a2 --mover b:K@g2 --capture a8 --may-capture all",
        },
    )
}

/// knightmare: the strategy against the greedy opponent on a 10×10 board, its proof, and a
/// general duel solved exactly.
fn duel(out: &mut impl Write) -> Result<()> {
    use chessreach::duel::policy::Policy;
    use chessreach::duel::solver::{Solution, Value};
    use chessreach::duel::strategy::{Strategy, StrategyPlayer};
    use chessreach::duel::verify::verify_board;
    use chessreach::duel::{referee, Duel, Game, Player};
    use chessreach::geometry::{Coord, Rect};
    use chessreach::limits::Budget;
    use chessreach::piece::Colour;

    /// Records every move a player makes, for the printed line.
    struct Recorded<'p, P>(&'p mut P, &'p std::cell::RefCell<Vec<String>>);
    impl<P: Player> Player for Recorded<'_, P> {
        fn choose(&mut self, game: &Game<'_>) -> Result<Coord, chessreach::duel::PlayerError> {
            let mv = self.0.choose(game)?;
            let who = if game.to_move() == Colour::White { "W" } else { "B" };
            self.1.borrow_mut().push(format!("{who}:{mv}"));
            Ok(mv)
        }
    }

    let rect = Rect::new(10, 10)?;
    let arena = Duel::knightmare(rect)?;
    let (w, b) = (Coord::new(1, 1), Coord::new(10, 9));
    let mut engine = StrategyPlayer::new(Strategy::new(&arena)?, w, b);
    let mut greedy = Policy::greedy(&arena, 1);
    writeln!(
        out,
        "\n== knightmare ({}): 10x10, white a1, black j9",
        Problem::Knightmare.origin()
    )?;
    writeln!(
        out,
        "   the engine chooses {} and plays against a greedy opponent:",
        engine.side()
    )?;
    let line = std::cell::RefCell::new(Vec::new());
    let mut game = Game::new(&arena, w, b)?;
    let verdict = {
        let mut e = Recorded(&mut engine, &line);
        let mut g = Recorded(&mut greedy, &line);
        if e.0.side() == Colour::White {
            referee(&mut game, &mut e, &mut g)
        } else {
            referee(&mut game, &mut g, &mut e)
        }
    };
    writeln!(out, "   {}", line.borrow().join(" "))?;
    writeln!(out, "   {verdict} ({})", chessreach::render::DUEL_LEGEND)?;
    write!(out, "{}", crate::duel::picture(&game))?;
    let report = verify_board(rect, 350, Budget::default())?;
    writeln!(
        out,
        "   chessreach duel verify: on 10x10 the chosen side wins from all {} starts against every reply ({} states)",
        report.starts, report.states
    )?;
    writeln!(
        out,
        "\n== duel solve: a rook (White, target c3) against a knight (Black, target c4) on 5x5"
    )?;
    let duel = Duel::new(
        Rect::new(5, 5)?,
        "R".parse()?,
        "N".parse()?,
        Some(Coord::new(3, 3)),
        Some(Coord::new(3, 4)),
    )?;
    let solved = Solution::solve(&duel, Budget::default(), None)?;
    let s = solved.summary();
    writeln!(
        out,
        "   {} starts: White wins {}, Black wins {}, draws {}; longest win {} plies",
        s.starts, s.white, s.black, s.draws, s.longest
    )?;
    let (rw, nb) = (Coord::new(1, 1), Coord::new(5, 5));
    if let Value::Win { side, plies } = solved.value(rw, nb, Colour::White) {
        let moves: Vec<String> = solved
            .principal_line(rw, nb)
            .iter()
            .map(ToString::to_string)
            .collect();
        writeln!(
            out,
            "   from a1 / e5: {side} wins in {plies} plies: {}",
            moves.join(" ")
        )?;
    }
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
    let (p, _) = problems::roads::parse(input, chessreach::limits::Budget::default())?;
    let got = chessreach::roads::reach(&p.grid, &p.pieces[..2], &p.pieces[2]);
    let drawn = chessreach::render::roads_text(&p.grid, &p.pieces, 2, &got);
    for line in drawn.lines() {
        writeln!(out, "   {line}")?;
    }
    writeln!(
        out,
        "   @ the piece; 1 2 3 reached by that road type; X captured; w b other pieces"
    )?;
    Ok(())
}
