// Opens every page of an Arbiter report the way a rule author's browser shows
// it (Debian's headless Chromium at 1280x900, driven by playwright-core from
// tools/browser) and checks what a reader would trip over:
//   - console errors and uncaught page errors;
//   - an id attribute used twice in one page (inline SVG included);
//   - a page wider than the window (it names the element that sticks out);
//   - an internal link that goes nowhere (#x, OTHER.html, OTHER.html#x);
//   - a search box that does not filter the findings;
//   - a blank full-page screenshot;
//   - a page that takes 1 s or more to reach its load event.
// Usage: node tests/report_browser.mjs REPORT_DIR [SCREENSHOT_DIR]
// Prints one line per page, then every problem, and exits 1 if there is any.
// tools/browser pins playwright-core at 1.61.1, the last release that still
// runs on Debian bookworm's Node.js 18 (1.62 on needs Node.js 20).
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";

const kViewport = { width: 1280, height: 900 };
const kMaxLoadMs = 1000;
const kMinScreenshotBytes = 20 * 1024;
const kNonsense = "zzqqxx";
// A search box filters as the reader types; give it this long to settle.
const kFilterWaitMs = 2000;

const here = path.dirname(fileURLToPath(import.meta.url));
const browserTools = path.join(here, "..", "tools", "browser");

function loadPlaywright() {
  const require = createRequire(path.join(browserTools, "package.json"));
  try {
    return require("playwright-core");
  } catch {
    console.error(`report_browser: playwright-core is not installed in ${browserTools}; run scripts/install-deps.sh`);
    process.exit(2);
  }
}

function chromiumPath() {
  const candidates = [process.env.ARBITER_CHROMIUM, "/usr/bin/chromium", "/usr/bin/chromium-browser"];
  const found = candidates.find((p) => p && fs.existsSync(p));
  if (!found) {
    console.error("report_browser: Debian's chromium is missing (scripts/install-deps.sh installs it)");
    process.exit(2);
  }
  return found;
}

// index.html first, so a reader's entry point is reported first.
function reportPages(dir) {
  const pages = fs.readdirSync(dir).filter((n) => n.endsWith(".html")).sort();
  return pages.sort((a, b) => (b === "index.html") - (a === "index.html"));
}

// Everything the checks read from one loaded page, gathered in the page.
function inspectPage() {
  const describe = (el) => {
    let name = el.tagName.toLowerCase();
    if (el.id) name += `#${el.id}`;
    const cls = typeof el.className === "string" ? el.className.trim() : el.getAttribute("class") || "";
    if (cls) name += "." + cls.split(/\s+/).join(".");
    const text = (el.textContent || "").replace(/\s+/g, " ").trim();
    if (text) name += ` "${text.length > 60 ? text.slice(0, 57) + "..." : text}"`;
    return name;
  };

  // The nearest enclosing id (a finding, a variant's section) says where to look.
  const within = (el) => {
    const holder = el.parentElement && el.parentElement.closest("[id]");
    return holder ? ` in #${holder.id}` : "";
  };

  const nav = performance.getEntriesByType("navigation")[0];
  const loadMs = nav ? nav.loadEventStart - nav.startTime : NaN;

  const ids = [...document.querySelectorAll("[id]")].map((el) => el.id);

  const links = [];
  for (const a of document.querySelectorAll("a, area")) {
    const href = a.getAttribute("href") ?? a.getAttributeNS("http://www.w3.org/1999/xlink", "href");
    if (href !== null) links.push({ href, where: describe(a) });
  }

  // Horizontal overflow: the element whose box (or whose text) reaches
  // furthest past the right edge, leaving out what a scrolling or clipping
  // box already contains.
  const root = document.scrollingElement || document.documentElement;
  const overflow = { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, offenders: [] };
  if (root.scrollWidth > root.clientWidth) {
    const limit = root.clientWidth + 0.5;
    const clipped = new Map();
    const insideClip = (el) => {
      const chain = [];
      let result = false;
      for (let e = el.parentElement; e && e !== document.body && e !== document.documentElement; e = e.parentElement) {
        if (clipped.has(e)) {
          result = clipped.get(e);
          break;
        }
        chain.push(e);
        if (getComputedStyle(e).overflowX !== "visible") {
          result = true;
          break;
        }
      }
      for (const e of chain) clipped.set(e, result);
      return result;
    };
    const reach = new Map();
    const note = (el, right, width) => {
      if (right <= limit || insideClip(el)) return;
      const seen = reach.get(el);
      if (!seen || seen.right < right) reach.set(el, { right, width });
    };
    for (const el of document.body.querySelectorAll("*")) {
      const r = el.getBoundingClientRect();
      if (r.width > 0) note(el, r.right + window.scrollX, r.width);
    }
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let t = walker.nextNode(); t; t = walker.nextNode()) {
      if (!t.data.trim() || !t.parentElement) continue;
      range.selectNodeContents(t);
      const r = range.getBoundingClientRect();
      if (r.width > 0) note(t.parentElement, r.right + window.scrollX, r.width);
    }
    // The outermost element of each overflowing subtree names the cause; its
    // overflowing descendants only repeat it.
    const outermost = [...reach.entries()].filter(([el]) => {
      for (let e = el.parentElement; e; e = e.parentElement) if (reach.has(e)) return false;
      return true;
    });
    outermost.sort((a, b) => b[1].right - a[1].right);
    overflow.count = outermost.length;
    overflow.offenders = outermost.slice(0, 8).map(([el, r]) => ({
      what: describe(el) + (el.id ? "" : within(el)),
      right: Math.round(r.right),
      width: Math.round(r.width),
    }));
  }

  const findings = document.querySelectorAll(".finding").length;
  const hasSearch = document.querySelector("input[type=search]") !== null;
  return { loadMs, ids, links, overflow, findings, hasSearch, title: document.title };
}

function visibleFindings(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll(".finding")].filter((el) =>
      el.checkVisibility ? el.checkVisibility({ visibilityProperty: true }) : el.getClientRects().length > 0
    ).length
  );
}

// Waits until the visible count satisfies `want`, or the time runs out; gives
// the last count either way.
async function settledCount(page, want) {
  const deadline = Date.now() + kFilterWaitMs;
  let n = await visibleFindings(page);
  while (!want(n) && Date.now() < deadline) {
    await page.waitForTimeout(50);
    n = await visibleFindings(page);
  }
  return n;
}

// Words a reader would type to find the first finding: words of its question
// that the fewest other findings share (a label such as "Question" narrows
// nothing), then its id.
async function searchWords(page) {
  return page.evaluate(() => {
    const all = [...document.querySelectorAll(".finding")].map((f) => f.textContent.toLowerCase());
    const first = document.querySelector(".finding");
    const source = first.querySelector(".question") || first;
    const shared = (w) => all.filter((t) => t.includes(w.toLowerCase())).length;
    const words = [...new Set(source.textContent.match(/[A-Za-z][A-Za-z-]{3,}/g) || [])]
      .map((w) => ({ w, n: shared(w) }))
      .sort((a, b) => a.n - b.n || b.w.length - a.w.length)
      .slice(0, 3)
      .map(({ w }) => w);
    if (first.id) words.push(first.id);
    return words;
  });
}

// The search box: a word of the first finding keeps it (and maybe others)
// visible, nonsense hides them all, clearing brings them all back.
async function checkSearch(page, total, problems) {
  const box = page.locator("input[type=search]").first();
  const before = await visibleFindings(page);
  if (before !== total) problems.push(`search: ${before} of ${total} findings visible before typing anything`);
  const tried = [];
  let match = null;
  for (const word of await searchWords(page)) {
    await box.fill("");
    await settledCount(page, (n) => n === before);
    await box.pressSequentially(word);
    const n = await settledCount(page, (n) => n > 0 && n < before);
    tried.push(`'${word}' -> ${n}`);
    if (n > 0) {
      match = { word, n };
      break;
    }
  }
  if (!match) problems.push(`search: no word of the first finding keeps it visible (${tried.join(", ")})`);
  else if (match.n > before) problems.push(`search: '${match.word}' shows ${match.n} findings, more than the ${before} before`);

  await box.fill("");
  await settledCount(page, (n) => n === before);
  await box.pressSequentially(kNonsense);
  const none = await settledCount(page, (n) => n === 0);
  if (none !== 0) problems.push(`search: '${kNonsense}' leaves ${none} findings visible, not 0`);

  await box.fill("");
  const again = await settledCount(page, (n) => n === total);
  if (again !== total) problems.push(`search: after clearing the box ${again} of ${total} findings are visible`);
  const typed = match ? `'${match.word}' ${before} -> ${match.n}` : `${before} -> no word kept the first finding`;
  return `search ${typed}, '${kNonsense}' -> ${none}, cleared -> ${again}`;
}

// A PNG whose pixels are nearly all one colour is a blank page. Only small
// files are decoded: a page with content compresses to more than 20 KB.
function blankScreenshot(file) {
  const bytes = fs.readFileSync(file);
  if (bytes.length > kMinScreenshotBytes) return null;
  let pos = 8;
  let width = 0, height = 0, depth = 0, colour = 0;
  const idat = [];
  while (pos < bytes.length) {
    const len = bytes.readUInt32BE(pos);
    const type = bytes.toString("ascii", pos + 4, pos + 8);
    const data = bytes.subarray(pos + 8, pos + 8 + len);
    if (type === "IHDR") {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      depth = data[8];
      colour = data[9];
    } else if (type === "IDAT") idat.push(data);
    pos += 12 + len;
  }
  const channels = { 0: 1, 2: 3, 4: 2, 6: 4 }[colour];
  if (depth !== 8 || !channels) return `screenshot is a ${depth}-bit colour-type-${colour} PNG this check cannot read`;
  const raw = zlib.inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  let prev = Buffer.alloc(stride);
  const counts = new Map();
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = Buffer.from(raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1)));
    for (let i = 0; i < stride; i++) {
      const a = i >= channels ? line[i - channels] : 0;
      const b = prev[i];
      const c = i >= channels ? prev[i - channels] : 0;
      let add = 0;
      if (filter === 1) add = a;
      else if (filter === 2) add = b;
      else if (filter === 3) add = (a + b) >> 1;
      else if (filter === 4) {
        const p = a + b - c, pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c);
        add = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      line[i] = (line[i] + add) & 0xff;
    }
    for (let x = 0; x < stride; x += channels) {
      const key = line.subarray(x, x + channels).toString("hex");
      counts.set(key, (counts.get(key) || 0) + 1);
    }
    prev = line;
  }
  const dominant = Math.max(...counts.values());
  const other = width * height - dominant;
  // Even one line of text in the window colours far more than 0.1% of it.
  return other * 1000 < width * height
    ? `screenshot looks blank (${bytes.length} bytes, ${other} of ${width * height} pixels differ from the background)`
    : null;
}

// Resolves an internal link against the report folder; external links and
// other schemes are not followed.
function decoded(text) {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function classifyLink(href, reportDir, pageFile) {
  const trimmed = href.trim();
  if (/^[a-z][a-z0-9+.-]*:/i.test(trimmed) && !/^file:/i.test(trimmed)) return { external: true };
  if (trimmed === "" || trimmed === "#") return { samePage: true, fragment: "" };
  if (trimmed.startsWith("#")) return { samePage: true, fragment: decoded(trimmed.slice(1)) };
  const url = new URL(trimmed, pathToFileURL(pageFile));
  const target = decoded(url.pathname);
  const fragment = decoded(url.hash.replace(/^#/, ""));
  const rel = path.relative(reportDir, target);
  return { target, rel, fragment, outside: rel.startsWith("..") || path.isAbsolute(rel) };
}

async function main() {
  const [reportArg, shotArg] = process.argv.slice(2);
  if (!reportArg) {
    console.error("usage: node tests/report_browser.mjs REPORT_DIR [SCREENSHOT_DIR]");
    process.exit(2);
  }
  const reportDir = fs.realpathSync(reportArg);
  const shotDir = path.resolve(shotArg || "report-screenshots");
  fs.mkdirSync(shotDir, { recursive: true });
  const pages = reportPages(reportDir);
  if (pages.length === 0 || pages[0] !== "index.html") {
    console.error(`report_browser: ${reportDir} has no index.html`);
    process.exit(1);
  }

  const { chromium } = loadPlaywright();
  const browser = await chromium.launch({ executablePath: chromiumPath(), headless: true });
  // Per page: what its log line says, and its problems.
  const results = new Map(pages.map((p) => [p, { problems: [], loadMs: NaN, findings: 0, search: "", internal: 0 }]));
  const idsOf = new Map(); // page file -> Set of ids, the link check's cache
  const linksOf = new Map();

  async function openPage(file) {
    const context = await browser.newContext({ viewport: kViewport });
    const page = await context.newPage();
    const errors = [];
    page.on("console", (msg) => {
      if (msg.type() === "error") {
        const at = msg.location();
        errors.push(`console error: ${msg.text()}${at && at.url ? ` (${path.basename(at.url)}:${at.lineNumber})` : ""}`);
      }
    });
    page.on("pageerror", (err) => errors.push(`uncaught error: ${err.message}`));
    await page.goto(pathToFileURL(file).href, { waitUntil: "load" });
    return { context, page, errors };
  }

  for (const name of pages) {
    const result = results.get(name);
    const mine = result.problems;
    const { context, page, errors } = await openPage(path.join(reportDir, name));
    const seen = await page.evaluate(inspectPage);
    idsOf.set(path.join(reportDir, name), new Set(seen.ids));
    linksOf.set(name, seen.links);

    if (!(seen.loadMs < kMaxLoadMs)) mine.push(`load took ${Math.round(seen.loadMs)} ms (must be under ${kMaxLoadMs} ms)`);

    const counts = new Map();
    for (const id of seen.ids) counts.set(id, (counts.get(id) || 0) + 1);
    const dups = [...counts].filter(([, n]) => n > 1);
    if (dups.length) mine.push(`duplicate ids: ${dups.map(([id, n]) => `"${id}" x${n}`).join(", ")}`);

    const o = seen.overflow;
    if (o.scrollWidth > o.clientWidth) {
      const [widest, ...rest] = o.offenders;
      let line = `horizontal overflow: the page is ${o.scrollWidth} px wide in a ${o.clientWidth} px window`;
      if (widest) line += `; widest: ${widest.what} reaches ${widest.right} px`;
      if (o.count > 1) line += `; ${o.count - 1} more overflowing elements: ${rest.map((r) => `${r.what} (${r.right} px)`).join("; ")}`;
      mine.push(line);
    }

    // The screenshot shows the page as it opens, before the search check types.
    const shot = path.join(shotDir, name.replace(/\.html$/, ".png"));
    await page.screenshot({ path: shot, fullPage: true });
    const blank = blankScreenshot(shot);
    if (blank) mine.push(blank);

    let search;
    if (seen.findings === 0) search = "no findings (search check skipped)";
    else if (!seen.hasSearch) search = "no search box (search check skipped)";
    else search = await checkSearch(page, seen.findings, mine);

    // Errors raised while taking the screenshot or searching count too.
    mine.unshift(...errors);
    await context.close();
    Object.assign(result, { loadMs: seen.loadMs, findings: seen.findings, search });
  }

  // Links last, once every page's ids are known; a linked .html page that is
  // not in the list (one in a subfolder, say) is loaded once and cached.
  async function idsOfFile(file) {
    if (!idsOf.has(file)) {
      const { context, page } = await openPage(file);
      idsOf.set(file, new Set(await page.evaluate(() => [...document.querySelectorAll("[id]")].map((e) => e.id))));
      await context.close();
    }
    return idsOf.get(file);
  }
  for (const name of pages) {
    const result = results.get(name);
    const file = path.join(reportDir, name);
    // One line per href and reason, naming the first link that has it.
    const broken = new Map();
    let internal = 0;
    for (const { href, where } of linksOf.get(name)) {
      const link = classifyLink(href, reportDir, file);
      if (link.external) continue;
      internal++;
      const report = (why) => {
        const key = `href="${href}": ${why}`;
        const seen = broken.get(key);
        broken.set(key, seen ? { where: seen.where, n: seen.n + 1 } : { where, n: 1 });
      };
      if (link.samePage) {
        if (link.fragment && !idsOf.get(file).has(link.fragment)) report(`no id "${link.fragment}" on this page`);
        continue;
      }
      if (link.outside) {
        report("leaves the report folder");
        continue;
      }
      if (!fs.existsSync(link.target) || !fs.statSync(link.target).isFile()) {
        report(`no file ${link.rel}`);
        continue;
      }
      if (link.fragment && /\.html?$/i.test(link.target) && !(await idsOfFile(link.target)).has(link.fragment))
        report(`${link.rel} has no id "${link.fragment}"`);
    }
    for (const [what, { where, n }] of broken)
      result.problems.push(`broken link ${what} (${n > 1 ? `${n} links, the first ` : ""}${where})`);
    result.internal = internal;
  }
  await browser.close();

  let bad = 0;
  for (const [name, r] of results) {
    const verdict = r.problems.length ? `${r.problems.length} problem${r.problems.length > 1 ? "s" : ""}` : "OK";
    console.log(`${name}: load ${Math.round(r.loadMs)} ms, ${r.findings} findings, ${r.internal} internal links, ${r.search}, ${verdict}`);
    if (r.problems.length) bad++;
  }
  if (bad) {
    console.log(`\n${bad} of ${pages.length} pages have problems (screenshots in ${shotDir}):`);
    for (const [name, r] of results) for (const p of r.problems) console.log(`PROBLEM ${name}: ${p}`);
    process.exit(1);
  }
  console.log(`${pages.length} pages OK (screenshots in ${shotDir})`);
}

main().catch((err) => {
  console.error(`report_browser: ${err.stack || err}`);
  process.exit(1);
});
