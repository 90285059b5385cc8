#!/usr/bin/env bash
# Opens the report in headless Chromium: no console errors, every variant has
# its section and every finding its diagrams, the screenshot is not blank; and
# the HTML and every SVG (inline and beside it) are well formed.
set -euo pipefail
arbiter=$1
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
"$arbiter" report --out "$out/report" --explore-states 4 >/dev/null
chromium=$(command -v chromium || command -v chromium-browser || true)
[ -n "$chromium" ] || { echo "chromium is missing (apt-get install chromium)"; exit 1; }
flags=(--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking
       --disable-component-update --disable-sync --user-data-dir="$out/profile" --enable-logging=stderr --v=0)
"$chromium" "${flags[@]}" --dump-dom "file://$out/report/index.html" >"$out/dom.html" 2>"$out/console.txt"
"$chromium" "${flags[@]}" --window-size=1200,1600 --screenshot="$out/shot.png" "file://$out/report/index.html" \
  >/dev/null 2>>"$out/console.txt"
python3 - "$out" "$arbiter" <<'PY'
import html.parser, json, os, re, subprocess, sys, xml.etree.ElementTree as ET
out, arbiter = sys.argv[1], sys.argv[2]
problems = []
console = open(f"{out}/console.txt", errors="replace").read()
for line in console.splitlines():
    if "CONSOLE" in line and ("error" in line.lower() or "Uncaught" in line):
        problems.append("console: " + line.strip())
dom = open(f"{out}/dom.html").read()
variants = json.loads(subprocess.run([arbiter, "variants", "--json"], capture_output=True, text=True, check=True).stdout)
for v in variants["variants"]:
    if f'<section id="{v["id"]}">' not in dom:
        problems.append(f"no section for {v['id']}")
findings = json.load(open(f"{out}/report/findings.json"))["findings"]
for f in findings:
    start = dom.find('id="f%s"' % f["id"])
    ends = [e for e in (dom.find('class="finding"', start + 1), dom.find("</section>", start)) if e > 0]
    # A step's finding shows the board before and after; a state's finding
    # (a well-formedness gap: no action, or a game past its bound) the state.
    need = 2 if f["witness"].get("actions") else 1
    if start < 0 or not ends or dom[start:min(ends)].count("<svg") < need:
        problems.append(f"finding {f['id']} has no before/after diagrams")
size = os.path.getsize(f"{out}/shot.png")
if size < 20000:
    problems.append(f"screenshot looks blank ({size} bytes)")
# Well-formed HTML: every opened element is closed in order (void elements aside).
class Checker(html.parser.HTMLParser):
    VOID = {"meta", "br", "img", "input", "link", "hr", "path", "rect", "circle", "line", "marker"}
    def __init__(self):
        super().__init__(); self.stack = []
    def handle_starttag(self, tag, attrs):
        if tag not in self.VOID: self.stack.append(tag)
    def handle_startendtag(self, tag, attrs): pass
    def handle_endtag(self, tag):
        if tag in self.VOID: return
        if not self.stack or self.stack[-1] != tag:
            problems.append(f"html: </{tag}> closes <{self.stack[-1] if self.stack else None}>")
        else: self.stack.pop()
raw = open(f"{out}/report/index.html").read()
c = Checker(); c.feed(raw)
if c.stack: problems.append(f"html: unclosed {c.stack}")
for svg in re.findall(r"<svg.*?</svg>", raw, re.S):
    try: ET.fromstring(svg)
    except ET.ParseError as e: problems.append(f"inline svg: {e}")
for name in os.listdir(f"{out}/report"):
    if name.endswith(".svg"):
        try: ET.parse(f"{out}/report/{name}")
        except ET.ParseError as e: problems.append(f"{name}: {e}")
print(f"{len(variants['variants'])} variants, {len(findings)} findings, screenshot {size} bytes")
for p in problems: print("PROBLEM", p)
sys.exit(1 if problems else 0)
PY
