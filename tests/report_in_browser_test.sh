#!/usr/bin/env bash
# The report as a rule author reads it. First, from the files: every variant
# has its section or page, every finding its diagrams, and the HTML and every
# SVG (inline and beside it) are well formed. Then every page in headless
# Chromium (tests/report_browser.mjs): no console or page errors, no duplicate
# ids, no horizontal overflow at 1280 px, no broken internal link, a working
# search box, a screenshot that is not blank, and a load under one second.
# Usage: report_in_browser_test.sh ARBITER [SCREENSHOT_DIR]
set -euo pipefail
arbiter=$1
shots=${2:-$PWD/report-screenshots}
root=$(cd "$(dirname "$0")/.." && pwd)

# The browser check is part of the test, never skipped: without its tools the
# test fails and says how to get them.
if ! command -v node >/dev/null || [ ! -d "$root/tools/browser/node_modules/playwright-core" ]; then
  echo "FAIL: node or tools/browser/node_modules (playwright-core) is missing; run scripts/install-deps.sh"
  exit 1
fi

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
"$arbiter" report --out "$out/report" --explore-states 4 --games 10 --unseen-search 0 --exhaustive-depth 0 --smt-seconds 0 --impact-games 20 >/dev/null
"$arbiter" variants --json >"$out/variants.json"

status=0
python3 - "$out/report" "$out/variants.json" <<'PY' || status=1
import html.parser, json, os, re, sys, xml.etree.ElementTree as ET
report, variants_file = sys.argv[1], sys.argv[2]
problems = []
pages = {n: open(f"{report}/{n}", encoding="utf-8").read() for n in sorted(os.listdir(report)) if n.endswith(".html")}
variants = json.load(open(variants_file))["variants"]
# A variant is shown either as a section of index.html or as its own page.
for v in variants:
    section = re.search(r'<section[^>]*\bid="%s"' % re.escape(v["id"]), pages.get("index.html", ""))
    if not section and f'{v["id"]}.html' not in pages:
        problems.append(f"no section or page for {v['id']}")
findings = json.load(open(f"{report}/findings.json"))["findings"]
for f in findings:
    marker = 'id="f%s"' % f["id"]
    page = next((p for p in pages.values() if marker in p), None)
    # A step's finding shows the board before and after; a state's finding
    # (a well-formedness gap: no action, or a game past its bound) the state.
    need = 2 if f["witness"].get("actions") else 1
    if page is None:
        problems.append(f"finding {f['id']} is on no page")
        continue
    start = page.find(marker)
    ends = [m.start() for m in (re.compile(r'class="finding[" ]').search(page, start + 1),
                                re.compile("</section>").search(page, start)) if m]
    body = page[start:min(ends, default=len(page))]
    diagrams = body.count("<svg") + len(re.findall(r'<img[^>]*\.svg"', body))
    if diagrams < need:
        problems.append(f"finding {f['id']} has {diagrams} diagrams, needs {need} (before/after)")
# Well-formed HTML: every opened element is closed in order (void elements aside).
class Checker(html.parser.HTMLParser):
    VOID = {"meta", "br", "img", "input", "link", "hr", "path", "rect", "circle", "line", "marker"}
    def __init__(self, name):
        super().__init__(); self.name = name; self.stack = []
    def handle_starttag(self, tag, attrs):
        if tag not in self.VOID: self.stack.append(tag)
    def handle_startendtag(self, tag, attrs): pass
    def handle_endtag(self, tag):
        if tag in self.VOID: return
        if not self.stack or self.stack[-1] != tag:
            problems.append(f"{self.name}: </{tag}> closes <{self.stack[-1] if self.stack else None}>")
        else: self.stack.pop()
for name, raw in pages.items():
    c = Checker(name); c.feed(raw)
    if c.stack: problems.append(f"{name}: unclosed {c.stack}")
    for svg in re.findall(r"<svg.*?</svg>", raw, re.S):
        try: ET.fromstring(svg)
        except ET.ParseError as e: problems.append(f"{name}: inline svg: {e}")
for name in os.listdir(report):
    if name.endswith(".svg"):
        try: ET.parse(f"{report}/{name}")
        except ET.ParseError as e: problems.append(f"{name}: {e}")
print(f"{len(variants)} variants, {len(findings)} findings, {len(pages)} pages: {', '.join(pages)}")
for p in problems: print("PROBLEM", p)
sys.exit(1 if problems else 0)
PY

node "$root/tests/report_browser.mjs" "$out/report" "$shots" || status=1
exit $status
