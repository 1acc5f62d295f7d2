//! The README's gallery (`docs/gallery/`) is current: every picture listed in
//! `docs/gallery/gallery.txt` is exactly what its command prints today. After a change to a
//! picture, `scripts/gallery.sh` regenerates them.

use std::path::Path;

use assert_cmd::Command;

#[test]
fn gallery_pictures_are_current() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let list = std::fs::read_to_string(root.join("docs/gallery/gallery.txt")).expect("gallery list");
    let mut checked = 0;
    for line in list
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
    {
        let mut words = line.split_whitespace();
        let file = words.next().expect("a file name");
        let args: Vec<&str> = words.collect();
        let out = Command::cargo_bin("chessreach")
            .expect("binary")
            .current_dir(&root)
            .args(&args)
            .output()
            .expect("run");
        assert!(
            out.status.success(),
            "{file}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let committed = std::fs::read(root.join("docs/gallery").join(file)).expect("committed picture");
        assert!(
            committed == out.stdout,
            "docs/gallery/{file} is out of date: run scripts/gallery.sh"
        );
        let svg = String::from_utf8(out.stdout).expect("UTF-8");
        assert!(svg.starts_with("<svg") && svg.contains("<title>"), "{file}");
        checked += 1;
    }
    assert_eq!(checked, 8, "one picture of each kind");
}

/// Every legend swatch of every gallery picture shows a colour the picture really holds: each
/// picture is rendered to PNG by `rsvg-convert` (librsvg, as image viewers draw SVG), each
/// swatch's pixels are read (both halves of a checkerboard swatch, a line's middle) and at
/// least one must cover more pixels of the whole image than a swatch has: it appears on the
/// board, not only in the legend. Skipped with a note where `rsvg-convert` is not installed,
/// except in CI (`CI` set), where it must be.
#[test]
fn legend_colours_appear_in_the_rendered_pictures() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let gallery = root.join("docs/gallery");
    if std::process::Command::new("rsvg-convert")
        .arg("--version")
        .output()
        .is_err()
    {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI must have rsvg-convert (librsvg2-bin)"
        );
        eprintln!("skipped: no rsvg-convert here");
        return;
    }
    let mut swatches = 0;
    for entry in std::fs::read_dir(&gallery).expect("gallery") {
        let path = entry.expect("entry").path();
        if path.extension().is_none_or(|e| e != "svg") {
            continue;
        }
        let svg = std::fs::read_to_string(&path).expect("svg");
        let out = std::process::Command::new("rsvg-convert")
            .arg(&path)
            .output()
            .expect("rsvg-convert runs");
        assert!(out.status.success(), "{}", path.display());
        let image = Rgb::decode(&out.stdout);
        for (x, y, probes) in swatch_probes(&svg) {
            let seen = probes
                .iter()
                .map(|&(dx, dy)| image.count(image.at(x + dx, y + dy)))
                .max()
                .unwrap_or(0);
            assert!(
                seen > 144,
                "{}: the legend swatch at ({x}, {y}) has a colour that covers only {seen} pixels: it is not on the board",
                path.display()
            );
            swatches += 1;
        }
    }
    assert!(swatches >= 15, "the gallery's legends have swatches ({swatches})");
}

/// A legend swatch's corner and the offsets of the pixels to read.
type Probe = (usize, usize, Vec<(usize, usize)>);

/// The legend swatches of an SVG picture as `(x, y, points to read)`: a 12×12 shade (its two
/// halves) or a 12-pixel line (its middle).
fn swatch_probes(svg: &str) -> Vec<Probe> {
    let attr = |tag: &str, name: &str| -> Option<usize> {
        let start = tag.find(&format!(" {name}=\""))? + name.len() + 3;
        tag[start..].split('"').next()?.parse().ok()
    };
    let mut out = Vec::new();
    for tag in svg.split('<') {
        if tag.starts_with("rect ") && tag.contains(r#"width="12" height="12""#) {
            if let (Some(x), Some(y)) = (attr(tag, "x"), attr(tag, "y")) {
                out.push((x, y, vec![(3, 6), (9, 6)]));
            }
        } else if tag.starts_with("line ")
            && tag.contains(r#"stroke-width="4""#)
            && !tag.contains("dasharray")
        {
            if let (Some(x), Some(y)) = (attr(tag, "x1"), attr(tag, "y1")) {
                out.push((x, y, vec![(6, 0)]));
            }
        }
    }
    out
}

/// A decoded picture's colours (alpha dropped: rsvg-convert draws on a white ground here).
struct Rgb {
    width: usize,
    pixels: Vec<[u8; 3]>,
}

impl Rgb {
    fn decode(png_bytes: &[u8]) -> Self {
        let mut reader = png::Decoder::new(std::io::Cursor::new(png_bytes))
            .read_info()
            .expect("a PNG");
        let mut buf = vec![0; reader.output_buffer_size()];
        let info = reader.next_frame(&mut buf).expect("a frame");
        let channels = match (info.color_type, info.bit_depth) {
            (png::ColorType::Rgb, png::BitDepth::Eight) => 3,
            (png::ColorType::Rgba, png::BitDepth::Eight) => 4,
            other => panic!("rsvg-convert writes 8-bit RGB or RGBA, not {other:?}"),
        };
        let pixels = buf[..info.buffer_size()]
            .chunks_exact(channels)
            .map(|p| [p[0], p[1], p[2]])
            .collect();
        Self {
            width: info.width as usize,
            pixels,
        }
    }

    fn at(&self, x: usize, y: usize) -> [u8; 3] {
        self.pixels[y * self.width + x]
    }

    fn count(&self, colour: [u8; 3]) -> usize {
        self.pixels.iter().filter(|&&p| p == colour).count()
    }
}
