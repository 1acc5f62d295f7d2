//! One piece's moves on 8×8 ([`chessreach::attack::Position::moves_of`]) repeated `N` times,
//! for a whole-process CPU figure beside criterion's wall-clock one (criterion's medians swell
//! with the machine's load; user CPU time much less):
//!
//! ```sh
//! cargo build --release -p chessreach --example moves_cpu
//! /usr/bin/time -f "%U %S %e" $CARGO_TARGET_DIR/release/examples/moves_cpu KADcaKmabK 2000000
//! ```
//!
//! The position is the `xbetza` bench's: a White `PIECE` (XBetza) on d4 of 8×8, Black pawns on
//! c5, e7 and f4, a White pawn on d5. Prints the number of moves found in all (so the loop is
//! not optimised away). `benches/xbetza_moves.sh` runs it for the four benchmarked pieces.

use chessreach::attack::{Kind, Placed, Position};
use chessreach::geometry::{Board, Coord, Rect};
use chessreach::piece::{xbetza, Colour};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let (Some(piece), Some(n)) = (args.next(), args.next()) else {
        eprintln!("usage: moves_cpu PIECE N");
        std::process::exit(2);
    };
    let n: u64 = n.parse()?;
    let kinds = vec![
        Kind::new('X', xbetza::parse(&piece)?),
        Kind::new('P', xbetza::parse("fmWfcF")?),
    ];
    let mut pieces = vec![Placed {
        kind: 0,
        colour: Colour::White,
        at: "d4".parse::<Coord>()?,
    }];
    for (sq, colour) in [
        ("c5", Colour::Black),
        ("e7", Colour::Black),
        ("f4", Colour::Black),
        ("d5", Colour::White),
    ] {
        pieces.push(Placed {
            kind: 1,
            colour,
            at: sq.parse::<Coord>()?,
        });
    }
    let pos = Position::new(Board::Rect(Rect::new(8, 8)?), kinds, pieces)?;
    let mut total = 0usize;
    for _ in 0..n {
        total += std::hint::black_box(&pos).moves_of(0).map_or(0, |m| m.len());
    }
    println!("{total}");
    Ok(())
}
