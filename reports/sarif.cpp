#include "reports/sarif.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <system_error>

#include "model/core/rules_text.h"
#include "model/core/text_map.h"

#ifndef ARBITER_VERSION
#define ARBITER_VERSION "unknown"
#endif

namespace arbiter::report {

namespace {

namespace fs = std::filesystem;

constexpr std::string_view kRulesRoot = "RULESROOT";

// The whitespace split_sentences collapses: a sentence's words may be
// separated by any run of it in the file.
bool is_blank(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

// Open questions are warnings: the author decides, and either answer may be
// right. A contradiction, a conflict or an example the rules do not
// reproduce is an error: the text says two things, or the model is wrong.
std::string_view level_of(FindingKind k) {
  switch (k) {
    case FindingKind::Conflict:
    case FindingKind::Contradiction:
    case FindingKind::ExampleMismatch:
      return "error";
    case FindingKind::Divergence:
    case FindingKind::Gap:
    case FindingKind::DeadClause:
    case FindingKind::Order:
      return "warning";
  }
  return "warning";
}

// What a finding of each kind says about the text, for the rules' descriptions.
std::string_view kind_phrase(FindingKind k) {
  switch (k) {
    case FindingKind::Divergence:
      return "The text does not decide between readings that give different results";
    case FindingKind::Conflict:
      return "Two rules apply together with incompatible effects";
    case FindingKind::Gap:
      return "A reachable case that no rule decides";
    case FindingKind::Contradiction:
      return "A result that breaks the game's own invariants";
    case FindingKind::ExampleMismatch:
      return "A worked example of the text that the rules do not reproduce";
    case FindingKind::DeadClause:
      return "A rule that can never apply";
    case FindingKind::Order:
      return "A result that changes with the order in which the movers are resolved";
  }
  return "A finding";
}

// A sentence as a message ends one: with its own stop (before a closing
// quote or bracket, as in a quoted rule), or a period.
std::string closed(std::string s) {
  while (!s.empty() && is_blank(s.back())) s.pop_back();
  std::size_t end = s.size();
  while (end > 0 && (s[end - 1] == '"' || s[end - 1] == '\'' || s[end - 1] == ')')) --end;
  if (!s.empty() && (end == 0 || (s[end - 1] != '.' && s[end - 1] != '?' && s[end - 1] != '!')))
    s += '.';
  return s;
}

// The first sentence of a text: up to the first stop followed by a space.
std::string first_sentence(std::string_view s) {
  for (std::size_t i = 0; i + 1 < s.size(); ++i)
    if ((s[i] == '.' || s[i] == '?' || s[i] == '!') && s[i + 1] == ' ')
      return std::string(s.substr(0, i + 1));
  return std::string(s);
}

// A rule's friendly name, as SARIF viewers show it: its id's words run
// together, each capitalised ("divergence/zeitgeist.check_count" ->
// "DivergenceZeitgeistCheckCount").
std::string friendly_name(std::string_view id) {
  std::string out;
  bool start = true;
  for (char c : id) {
    bool alnum = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    if (!alnum) {
      start = true;
      continue;
    }
    out += start && c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c;
    start = false;
  }
  return out;
}

// Percent-encodes every byte of a path but the unreserved ones and '/', so
// that a file name with spaces or accents is a valid URI reference.
std::string uri_path(std::string_view path) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out;
  for (char c : path) {
    unsigned char b = static_cast<unsigned char>(c);
    bool keep = (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z') || (b >= '0' && b <= '9') ||
                c == '-' || c == '.' || c == '_' || c == '~' || c == '/';
    if (keep) {
      out += c;
    } else {
      out += '%';
      out += kHex[b >> 4];
      out += kHex[b & 15];
    }
  }
  return out;
}

// The rules folder as RULESROOT's absolute file URI, ending with '/'.
std::string rules_root_uri(const std::string& rules_dir) {
  std::error_code ec;
  fs::path dir = fs::weakly_canonical(fs::absolute(rules_dir, ec), ec);
  std::string path = (ec ? fs::path(rules_dir) : dir).generic_string();
  if (path.empty() || path.back() != '/') path += '/';
  return "file://" + uri_path(path);
}

// Unicode code points from `begin` to `end` of UTF-8 text: every byte but a
// continuation byte starts one.
int code_points(std::string_view text, std::size_t begin, std::size_t end) {
  int n = 0;
  for (std::size_t i = begin; i < end; ++i)
    n += (static_cast<unsigned char>(text[i]) & 0xC0) != 0x80;
  return n;
}

// Line and column of a byte offset, from 1.
std::pair<int, int> line_and_column(std::string_view text, std::size_t at) {
  std::size_t line_start = at == 0 ? std::string_view::npos : text.rfind('\n', at - 1);
  line_start = line_start == std::string_view::npos ? 0 : line_start + 1;
  int line = 1 + static_cast<int>(std::count(
                     text.begin(), text.begin() + static_cast<std::ptrdiff_t>(line_start), '\n'));
  return {line, 1 + code_points(text, line_start, at)};
}

// A variant's text, split and mapped as `arbiter rules` reads it, each
// sentence found in the file in turn (a repeated paragraph is found where it
// repeats, not at its first copy).
struct LocatedText {
  std::vector<MappedSentence> sentences;
  std::vector<std::optional<TextRegion>> regions;
};

LocatedText locate_text(const SarifVariant& sv) {
  LocatedText out;
  const TextMap* map = sv.variant->text_map();
  if (sv.rule_file.empty() || !map) return out;
  std::string_view file = sv.file_text;
  std::size_t begin = std::min(sv.section_begin, file.size());
  std::string_view section = file.substr(begin, sv.section_size);
  out.sentences = map_text(section, *map);
  std::size_t cursor = begin;
  for (const MappedSentence& m : out.sentences) {
    out.regions.push_back(find_sentence(file, m.sentence, cursor));
    if (out.regions.back()) cursor = out.regions.back()->end;
  }
  return out;
}

bool carries(const MappedSentence& m, std::string_view id) {
  return m.span && std::find(m.span->ids.begin(), m.span->ids.end(), id) != m.span->ids.end();
}

// The ids a finding is about, in the order its location is looked for: its
// reading point, then its clauses.
std::vector<std::string> ids_of(const Finding& f) {
  std::vector<std::string> ids;
  if (!f.reading.empty()) ids.push_back(f.reading);
  for (const std::string& c : f.clauses)
    if (std::find(ids.begin(), ids.end(), c) == ids.end()) ids.push_back(c);
  return ids;
}

struct Placement {
  std::optional<TextRegion> region;
  std::string id;  // the id whose sentence it is; empty: none carries one
};

Placement place(const Finding& f, const LocatedText& text) {
  for (const std::string& id : ids_of(f))
    for (std::size_t i = 0; i < text.sentences.size(); ++i)
      if (carries(text.sentences[i], id) && text.regions[i]) return {text.regions[i], id};
  return {};
}

// The first line of the variant's section, where a finding no sentence
// carries is shown (line 1 of a file that holds one game).
TextRegion first_line(const SarifVariant& sv) {
  std::string_view file = sv.file_text;
  std::size_t begin = std::min(sv.section_begin, file.size());
  std::size_t end = file.find('\n', begin);
  if (end == std::string_view::npos) end = file.size();
  while (end > begin && file[end - 1] == '\r') --end;
  return text_region(file, begin, end);
}

// The SARIF rule a finding reports under: its kind and what it is about,
// with the variant's id where the reading point or clause id does not begin
// with it (Parity Chess with Single Occupation shares Parity Chess's ids, and
// its questions are its own).
std::string rule_id(const Finding& f, const Variant& v) {
  std::string about = !f.reading.empty()   ? f.reading
                      : !f.clauses.empty() ? f.clauses.front()
                                           : std::string(v.id());
  std::string variant(v.id());
  if (about != variant && !about.starts_with(variant + ".")) about = variant + "/" + about;
  return std::string(finding_kind_name(f.kind)) + "/" + about;
}

nlohmann::json rule_descriptor(const std::string& id, const Finding& f, const Variant& v) {
  nlohmann::json rule = {{"id", id}, {"name", friendly_name(id)}};
  std::string kind(finding_kind_name(f.kind));
  const ReadingPoint* r = f.reading.empty() ? nullptr : find_reading(v.readings(), f.reading);
  const Clause* c =
      !r && !f.clauses.empty() ? find_clause(v.clauses(), f.clauses.front()) : nullptr;
  if (r) {
    // The reading point's own question, and what each answer would be.
    rule["shortDescription"] = {
        {"text", closed(std::string(v.name()) + ": " + first_sentence(r->question))}};
    rule["fullDescription"] = {{"text", closed(std::string(r->question)) + " " +
                                            closed("The text: " + std::string(r->quote))}};
    std::string help = closed(std::string(r->question)) + "\n\nText: " + std::string(r->quote) +
                       "\n\nAlternatives:\n";
    for (const Alternative& a : r->alternatives)
      help += "- " + std::string(a.id) +
              (a.id == r->default_alternative ? " (the model's default)" : "") + ": " +
              std::string(a.description) + "\n";
    help += "\nWhy the default: " + std::string(r->why_default) + "\n";
    rule["help"] = {{"text", help}};
  } else {
    std::string about = c                    ? std::string(c->id)
                        : !f.clauses.empty() ? f.clauses.front()
                                             : std::string(v.id());
    rule["shortDescription"] = {
        {"text", closed(std::string(v.name()) + ": " + std::string(kind_phrase(f.kind)) + " (" +
                        about + ")")}};
    if (c) rule["fullDescription"] = {{"text", closed("The rule: " + std::string(c->quote))}};
  }
  rule["defaultConfiguration"] = {{"level", level_of(f.kind)}};
  rule["properties"] = {{"tags", {kind, std::string(v.id())}}};
  return rule;
}

// The finding in words: the game, the question, what the step did, and the
// command that replays it.
std::string message_of(const SarifFinding& sf, const Variant& v, const Placement& at,
                       const SarifVariant& sv) {
  const Finding& f = sf.finding;
  std::string text = closed(std::string(v.name()) + ": " + f.question);
  if (!f.detail.empty()) text += " " + closed(f.detail);
  text += " Replay: `" + f.witness.replay_command() + "` (finding " + sf.id + ").";
  if (!at.region && !sv.rule_file.empty()) {
    std::string ids;
    for (const std::string& id : ids_of(f)) ids += (ids.empty() ? "" : ", ") + id;
    text += ids.empty() ? " The finding names no reading point or clause, so it is shown at the "
                          "start of the game's text."
                        : " No sentence of the text carries " + ids +
                              ", so it is shown at the start of the game's text.";
  }
  if (sv.rule_file.empty()) text += " " + closed("It is shown in no file: " + sv.no_text);
  return text;
}

nlohmann::json region_json(const TextRegion& r, std::string_view file) {
  return {{"startLine", r.start_line},
          {"startColumn", r.start_column},
          {"endLine", r.end_line},
          {"endColumn", r.end_column},
          {"snippet", {{"text", std::string(file.substr(r.begin, r.end - r.begin))}}}};
}

// The whole lines a region lies on, for a viewer that shows the sentence in
// its paragraph without the file at hand.
TextRegion whole_lines(const TextRegion& r, std::string_view file) {
  std::size_t begin = r.begin == 0 ? std::string_view::npos : file.rfind('\n', r.begin - 1);
  begin = begin == std::string_view::npos ? 0 : begin + 1;
  std::size_t end = file.find('\n', r.end);
  if (end == std::string_view::npos) end = file.size();
  while (end > r.end && file[end - 1] == '\r') --end;
  return text_region(file, begin, end);
}

std::string mime_type(const std::string& file) {
  return file.ends_with(".md") ? "text/markdown" : "text/plain";
}

}  // namespace

SarifVariant sarif_variant(const Variant& v, const std::vector<FindingView>& findings,
                           const std::string& rules_dir) {
  SarifVariant sv;
  sv.variant = &v;
  for (const FindingView& f : findings) sv.findings.push_back({f.finding, f.id});
  Variant::TextSection section = v.text_section();
  if (section.file.empty()) {
    sv.no_text = std::string(v.name()) + " has no rule text file";
    return sv;
  }
  std::string path = rules_dir + "/" + std::string(section.file);
  std::ifstream in(path, std::ios::binary);
  std::stringstream contents;
  contents << in.rdbuf();
  auto part = load_rules_text(rules_dir, section);
  if (!in || !part) {
    sv.no_text = part ? "cannot read " + path : part.error();
    return sv;
  }
  sv.rule_file = std::string(section.file);
  sv.file_text = contents.str();
  // The section is a piece of the file as it stands (load_rules_text cuts it).
  std::size_t at = sv.file_text.find(*part);
  if (at != std::string::npos) {
    sv.section_begin = at;
    sv.section_size = part->size();
  }
  return sv;
}

TextRegion text_region(std::string_view text, std::size_t begin, std::size_t end) {
  begin = std::min(begin, text.size());
  end = std::clamp(end, begin, text.size());
  TextRegion r;
  std::tie(r.start_line, r.start_column) = line_and_column(text, begin);
  std::tie(r.end_line, r.end_column) = line_and_column(text, end);
  r.begin = begin;
  r.end = end;
  return r;
}

std::optional<TextRegion> find_sentence(std::string_view text, std::string_view sentence,
                                        std::size_t from) {
  std::vector<std::string_view> words;
  for (std::size_t i = 0; i < sentence.size();) {
    std::size_t end = sentence.find(' ', i);
    if (end == std::string_view::npos) end = sentence.size();
    if (end > i) words.push_back(sentence.substr(i, end - i));
    i = end + 1;
  }
  if (words.empty()) return std::nullopt;
  for (std::size_t at = text.find(words[0], from); at != std::string_view::npos;
       at = text.find(words[0], at + 1)) {
    if (at > 0 && !is_blank(text[at - 1])) continue;  // inside a word of the text
    std::size_t p = at + words[0].size();
    bool whole = true;
    for (std::size_t w = 1; w < words.size() && whole; ++w) {
      std::size_t gap = p;
      while (p < text.size() && is_blank(text[p])) ++p;
      whole = p > gap && text.substr(p, words[w].size()) == words[w];
      p += words[w].size();
    }
    if (whole) return text_region(text, at, p);
  }
  return std::nullopt;
}

nlohmann::json sarif_log(const std::vector<SarifVariant>& variants, const std::string& rules_dir) {
  nlohmann::json rules = nlohmann::json::array(), results = nlohmann::json::array(),
                 artifacts = nlohmann::json::array();
  std::map<std::string, std::size_t> rule_index, artifact_index;
  for (const SarifVariant& sv : variants) {
    const Variant& v = *sv.variant;
    if (!sv.rule_file.empty() && !artifact_index.count(sv.rule_file)) {
      artifact_index[sv.rule_file] = artifacts.size();
      artifacts.push_back(
          {{"location", {{"uri", uri_path(sv.rule_file)}, {"uriBaseId", kRulesRoot}}},
           {"length", sv.file_text.size()},
           {"mimeType", mime_type(sv.rule_file)},
           {"roles", {"analysisTarget"}}});
    }
    LocatedText text = locate_text(sv);
    for (const SarifFinding& sf : sv.findings) {
      const Finding& f = sf.finding;
      std::string id = rule_id(f, v);
      if (!rule_index.count(id)) {
        rule_index[id] = rules.size();
        rules.push_back(rule_descriptor(id, f, v));
      }
      Placement at = place(f, text);
      nlohmann::json result = {{"ruleId", id},
                               {"ruleIndex", rule_index[id]},
                               {"level", level_of(f.kind)},
                               {"message", {{"text", message_of(sf, v, at, sv)}}}};
      if (!sv.rule_file.empty()) {
        TextRegion region = at.region ? *at.region : first_line(sv);
        nlohmann::json physical = {{"artifactLocation",
                                    {{"uri", uri_path(sv.rule_file)},
                                     {"uriBaseId", kRulesRoot},
                                     {"index", artifact_index[sv.rule_file]}}},
                                   {"region", region_json(region, sv.file_text)}};
        // A context is a larger region than the result's, or none.
        TextRegion context = whole_lines(region, sv.file_text);
        if (context.begin < region.begin || context.end > region.end)
          physical["contextRegion"] = region_json(context, sv.file_text);
        result["locations"] = {{{"physicalLocation", physical}}};
      }
      // The report's id is stable across runs: a code scanning service
      // matches a finding with its earlier alerts by it.
      result["partialFingerprints"] = {{"arbiterFindingId/v1", sf.id}};
      nlohmann::json properties = {{"findingId", sf.id},
                                   {"variant", std::string(v.id())},
                                   {"kind", std::string(finding_kind_name(f.kind))},
                                   {"clauses", f.clauses},
                                   {"replay", f.witness.replay_command()}};
      if (!f.reading.empty()) properties["readingPoint"] = f.reading;
      if (!at.id.empty()) properties["sentenceCarries"] = at.id;
      result["properties"] = properties;
      results.push_back(std::move(result));
    }
  }
  nlohmann::json driver = {{"name", "Arbiter"},
                           {"version", ARBITER_VERSION},
                           {"semanticVersion", ARBITER_VERSION},
                           {"rules", rules}};
  nlohmann::json run = {{"tool", {{"driver", driver}}}, {"columnKind", "unicodeCodePoints"}};
  if (!rules_dir.empty())
    run["originalUriBaseIds"] = {
        {kRulesRoot,
         {{"uri", rules_root_uri(rules_dir)},
          {"description", {{"text", "The folder of rule texts that Arbiter read."}}}}}};
  run["artifacts"] = artifacts;
  run["results"] = results;
  return {{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
          {"version", "2.1.0"},
          {"runs", {run}}};
}

void write_sarif(const std::string& path, const nlohmann::json& log) {
  // Text that is not UTF-8 (a rule file's snippet) is replaced, not an exception.
  std::string text = log.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
  auto failure = [&](const std::string& what, int error) {
    return fs::filesystem_error(what, fs::path(path),
                                std::error_code(error, std::generic_category()));
  };
  std::error_code ec;
  fs::file_status status = fs::status(path, ec);
  bool in_place = fs::exists(status) &&
                  !fs::is_regular_file(status);  // a device or a pipe cannot be renamed over
  std::string target = in_place ? path : path + ".tmp";
  int fd = open(target.c_str(), O_WRONLY | O_CLOEXEC | (in_place ? 0 : O_CREAT | O_TRUNC), 0666);
  if (fd < 0) throw failure("cannot write the SARIF log", errno);
  auto abandon = [&](int error) {
    close(fd);
    if (!in_place) unlink(target.c_str());
    return failure("cannot write the SARIF log", error);
  };
  for (std::size_t done = 0; done < text.size();) {
    ssize_t n = write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) throw abandon(n < 0 ? errno : EIO);
    done += static_cast<std::size_t>(n);
  }
  if (!in_place && fsync(fd) != 0) throw abandon(errno);
  if (close(fd) != 0) {
    int error = errno;
    if (!in_place) unlink(target.c_str());
    throw failure("cannot write the SARIF log", error);
  }
  if (in_place) return;
  if (rename(target.c_str(), path.c_str()) != 0) {
    int error = errno;
    unlink(target.c_str());
    throw failure("cannot write the SARIF log", error);
  }
}

}  // namespace arbiter::report
