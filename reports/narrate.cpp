#include "reports/narrate.h"

#include <cctype>
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string_view>
#include <vector>

namespace arbiter::report {
namespace {

std::string colour(Color c) { return c == Color::White ? "White" : "Black"; }

std::string who(Role r) {
  switch (r) {
    case Role::White: return "White";
    case Role::Black: return "Black";
    case Role::Player: return "the player";
    case Role::Chance: return "chance";
  }
  return "someone";
}

bool contains(std::string_view text, std::string_view part) { return text.find(part) != std::string_view::npos; }

std::string with_article(const std::string& name) {
  bool vowel = !name.empty() && std::string_view("aeiou").find(static_cast<char>(std::tolower(name[0]))) !=
                                    std::string_view::npos;
  return (vowel ? "an " : "a ") + name;
}

// "A", "A and B", "A, B and C".
std::string listing(const std::vector<std::string>& items) {
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i > 0) out += i + 1 == items.size() ? " and " : ", ";
    out += items[i];
  }
  return out;
}

// The models write colours in lower case inside their card details ("white
// plays AB face down"); a sentence for a reader names them as the roles.
std::string capitalise_colours(std::string_view text) {
  std::string out(text);
  for (std::string_view word : {std::string_view("white"), std::string_view("black")}) {
    for (std::size_t at = out.find(word); at != std::string::npos; at = out.find(word, at + word.size())) {
      bool starts = at == 0 || !std::isalpha(static_cast<unsigned char>(out[at - 1]));
      std::size_t end = at + word.size();
      bool ends = end == out.size() || !std::isalpha(static_cast<unsigned char>(out[end]));
      if (starts && ends) out[at] = static_cast<char>(std::toupper(static_cast<unsigned char>(out[at])));
    }
  }
  return out;
}

std::string sentence(std::string text) {
  if (text.empty()) return text;
  text[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
  if (text.back() != '.') text += '.';
  return text;
}

std::string number_word(int n) {
  static constexpr std::string_view kWords[] = {"no", "one", "two", "three", "four", "five", "six"};
  return n >= 0 && n < 7 ? std::string(kWords[n]) : std::to_string(n);
}

// One clause of the account of what happened. Clauses of the same list in a
// row read as one ("White's knight bounces back to g1 and Black's knight
// bounces back to g8"); the others are separated by semicolons.
struct Line {
  std::string text;
  std::string_view list;
};

std::string join_lines(const std::vector<Line>& raw) {
  // The same clause several times in a row (a card drawn for each checker)
  // is told once, with how many times.
  std::vector<Line> lines;
  for (std::size_t i = 0; i < raw.size();) {
    std::size_t j = i + 1;
    while (j < raw.size() && raw[j].text == raw[i].text) ++j;
    lines.push_back(raw[i]);
    if (j - i == 2) lines.back().text += " (twice)";
    if (j - i > 2) lines.back().text += " (" + number_word(static_cast<int>(j - i)) + " times)";
    i = j;
  }
  std::string out;
  for (std::size_t i = 0; i < lines.size();) {
    std::size_t j = i + 1;
    while (j < lines.size() && !lines[i].list.empty() && lines[j].list == lines[i].list) ++j;
    std::vector<std::string> items;
    for (std::size_t k = i; k < j; ++k) items.push_back(lines[k].text);
    if (!out.empty()) out += "; ";
    out += listing(items);
    i = j;
  }
  return out;
}

class Narrator {
 public:
  Narrator(const Variant& v, const State& before, const JointAction& joint, const StepResult& result)
      : v_(v), before_(before), pos_(before.position), result_(result), events_(result.trace.events()),
        use_(events_.size(), Use::Free) {
    for (const Action& a : joint)
      if (a.role != Role::Chance) attempts_.push_back(attempt(a));
  }

  std::string story() {
    std::string opening = opening_sentence();
    for (std::size_t i = 0; i < events_.size(); ++i)
      if (use_[i] == Use::Free) tell(i);
    tell_check_from_notation();
    tell_result();
    std::string out = sentence(opening);
    std::string rest = sentence(join_lines(lines_));
    if (!out.empty() && !rest.empty()) out += ' ';
    out += rest;
    return out.empty() ? "Nothing happens." : out;
  }

 private:
  // An event not yet in the account; one the opening told (a move as it was
  // submitted), which a capture may still name as its capturer; one taken
  // into another event's clause.
  enum class Use : std::uint8_t { Free, Told, Absorbed };

  // What a role submitted; `piece` is the piece on move.from that it moves,
  // when the action is one piece's move from one square to another.
  struct Attempt {
    Role role = Role::White;
    Move move;
    PieceId piece = kNoPiece;
    bool told = false;
  };

  Attempt attempt(const Action& a) const {
    Attempt t{a.role, a.move};
    const Move& m = a.move;
    if (m.is(kMovePass) || !pos_.on_board(m.from) || !pos_.on_board(m.to) || m.from == m.to) return t;
    for (PieceId id : pos_.at(m.from))
      if (acts_for(a.role, pos_.piece(id).color)) {
        t.piece = id;
        break;
      }
    return t;
  }

  static bool acts_for(Role r, Color c) {
    return r == Role::Player || (r == Role::White && c == Color::White) || (r == Role::Black && c == Color::Black);
  }

  // --- names ---
  std::string square(Square s) const { return pos_.on_board(s) ? square_name(pos_.shape(), s) : "off the board"; }
  std::string on(Square s) const { return pos_.on_board(s) ? " on " + square_name(pos_.shape(), s) : ""; }
  std::string kind(KindId k) const {
    if (k >= v_.kinds().size()) return "piece";
    const PieceKind& pk = v_.kinds()[k];
    return pk.name.empty() ? pk.code : pk.name;
  }
  std::string piece(Color c, KindId k) const { return colour(c) + "'s " + kind(k); }
  // A piece met on square s: "from c3" too where it stood elsewhere before
  // the step (a moving piece caught where it was going).
  std::string piece_met(const Event& e, Square s) const {
    Square was = came_from(e, s);
    return piece(e.color, e.kind) + (was == kNoSquare ? "" : " from " + square(was));
  }
  // Where the event's piece stood before the step, if not on s.
  Square came_from(const Event& e, Square s) const {
    if (e.piece >= pos_.pieces().size() || !pos_.on_board(s)) return kNoSquare;
    Square was = pos_.piece(e.piece).square;
    return was == s ? kNoSquare : was;
  }
  // The kind a piece had before the step, if the step started with it.
  KindId kind_before(PieceId id) const {
    return id < pos_.pieces().size() ? pos_.piece(id).kind : kNoKind;
  }

  void add_line(std::string text, std::string_view list = {}, PieceId about = kNoPiece) {
    if (about != kNoPiece) line_of_piece_[about] = lines_.size();
    lines_.push_back({std::move(text), list});
  }

  // --- what was submitted ---
  bool rejected(const Attempt& t) const {
    for (const Event& e : events_)
      if (e.type == EventType::Reject && e.from == t.move.from && e.to == t.move.to && acts_for(t.role, e.color))
        return true;
    return false;
  }

  std::string attempt_text(const Attempt& t) const {
    if (t.move.is(kMovePass)) return who(t.role) + " passes";
    if (t.piece == kNoPiece) return who(t.role) + " plays " + v_.move_text(before_, t.move);
    const Piece& p = pos_.piece(t.piece);
    return piece(p.color, p.kind) + on(t.move.from) + (t.move.is(kMoveCastle) ? " castles to " : " moves to ") +
           square(t.move.to);
  }

  // The actions as submitted, where they are not told by the events: every
  // one in a step where several roles act (what each tried, before the
  // rules resolve them), a lone one only where no event tells of it. A
  // refused action is told by its refusal; an action that is not a piece's
  // move by its cards or pieces where the step has such events.
  std::string opening_sentence() {
    bool told_by_events = false, cards = false;
    for (const Event& e : events_) {
      if (e.type != EventType::Check && e.type != EventType::Result) told_by_events = true;
      if (e.type == EventType::Card || e.type == EventType::Add || e.type == EventType::Reveal) cards = true;
    }
    if (attempts_.size() < 2 && told_by_events) return {};
    // A refusal that voids the turn (both players submit again): nothing
    // submitted was played, and the refusal says so.
    for (const Event& e : events_)
      if (e.type == EventType::Reject && contains(e.detail, "submit again")) return {};
    std::vector<std::string> parts;
    for (std::size_t i = 0; i < attempts_.size(); ++i) {
      Attempt& t = attempts_[i];
      if (t.told || rejected(t)) continue;
      if (t.piece == kNoPiece && !t.move.is(kMovePass) && cards) continue;
      if (t.piece != kNoPiece) {
        for (std::size_t j = i + 1; j < attempts_.size() && !t.told; ++j) {
          Attempt& u = attempts_[j];
          if (u.told || u.piece == kNoPiece || u.move.to != t.move.to || rejected(u)) continue;
          const Piece& a = pos_.piece(t.piece);
          const Piece& b = pos_.piece(u.piece);
          parts.push_back(piece(a.color, a.kind) + on(t.move.from) + " and " + piece(b.color, b.kind) +
                          on(u.move.from) + " both move to " + square(t.move.to));
          shared_targets_.push_back(t.move.to);
          t.told = u.told = true;
        }
      }
      if (!t.told) parts.push_back(attempt_text(t));
      t.told = true;
    }
    // The moves the opening told are not told again as events.
    for (const Attempt& t : attempts_) {
      if (!t.told || t.piece == kNoPiece) continue;
      for (std::size_t i = 0; i < events_.size(); ++i) {
        const Event& e = events_[i];
        if (e.type == EventType::Move && e.piece == t.piece && e.from == t.move.from && e.to == t.move.to)
          use_[i] = Use::Told;
      }
    }
    return listing(parts);
  }

  // --- what happened ---
  void tell(std::size_t i) {
    const Event& e = events_[i];
    switch (e.type) {
      case EventType::Move: tell_move(e); break;
      case EventType::Capture:
      case EventType::EnPassant: tell_capture(i); break;
      case EventType::Bounce: add_line(piece(e.color, e.kind) + " bounces back to " + square(e.to), "bounce"); break;
      case EventType::Remove: tell_removal(e); break;
      case EventType::Promote: tell_promotion(e); break;
      case EventType::Castle:
        add_line(piece(e.color, e.kind) + " goes from " + square(e.from) + " to " + square(e.to) + " in castling", {},
                 e.piece);
        break;
      case EventType::Collision: tell_collision(e); break;
      case EventType::FailedCapture: tell_failed_capture(i); break;
      case EventType::Check: tell_check(e); break;
      case EventType::Reject: tell_refusal(e); break;
      case EventType::Result: result_detail_ = e.detail; break;
      case EventType::Add: tell_additions(i); break;
      case EventType::Card: tell_card(e); break;
      case EventType::Reveal: tell_reveal(e); break;
    }
    use_[i] = Use::Absorbed;
  }

  void tell_move(const Event& e) {
    std::string who = piece(e.color, e.kind);
    if (e.from == e.to || !pos_.on_board(e.from)) {
      add_line(who + on(e.to) + " " + (e.detail.empty() ? "stays" : e.detail), {}, e.piece);
      return;
    }
    std::string text = who + (e.detail == "teleport" ? " teleports" : " moves") + " from " + square(e.from) +
                       " to " + square(e.to);
    if (e.detail == "confabulate") text += " and confabulates";
    else if (!e.detail.empty() && e.detail != "rook" && e.detail != "teleport") text += " (" + e.detail + ")";
    add_line(std::move(text), {}, e.piece);
  }

  // The square a capture happened on: where the victim stood, or where the
  // capturer landed for the models that record that instead.
  Square capture_square(const Event& e) const { return pos_.on_board(e.from) ? e.from : e.to; }

  // The move of the piece that took a victim of colour `victim` on `at`: the
  // move that lands there (or, en passant, lands behind it).
  std::optional<std::size_t> capturer(const Event& capture, Square at) const {
    const BoardShape& shape = pos_.shape();
    for (std::size_t i = 0; i < events_.size(); ++i) {
      const Event& m = events_[i];
      if (use_[i] == Use::Absorbed || m.color == capture.color || m.piece == capture.piece) continue;
      if (m.type != EventType::Move && m.type != EventType::Castle) continue;
      if (!pos_.on_board(m.from) || !pos_.on_board(m.to) || !pos_.on_board(at)) continue;
      bool lands = capture.type == EventType::EnPassant
                       ? shape.file_of(m.to) == shape.file_of(at) && shape.rank_of(m.from) == shape.rank_of(at)
                       : m.to == at;
      if (lands) return i;
    }
    return std::nullopt;
  }

  void tell_capture(std::size_t i) {
    const Event& e = events_[i];
    Square at = capture_square(e);
    // Every victim of the same kind of capture on the square, told together.
    std::vector<std::string> victims{piece_met(e, at)};
    for (std::size_t j = i + 1; j < events_.size(); ++j) {
      const Event& o = events_[j];
      if (use_[j] == Use::Free && o.type == e.type && capture_square(o) == at) {
        victims.push_back(piece_met(o, at));
        use_[j] = Use::Absorbed;
      }
    }
    std::string taken = listing(victims);
    bool en_passant = e.type == EventType::EnPassant;
    if (auto by = capturer(e, at)) {
      const Event& m = events_[*by];
      use_[*by] = Use::Absorbed;
      std::string text = piece(m.color, m.kind) + on(m.from) + (en_passant ? " takes " : " captures ") + taken +
                         on(at) + (en_passant ? " en passant" : "");
      if (en_passant || m.to != at) text += ", moving to " + square(m.to);
      add_line(std::move(text), {}, m.piece);
      return;
    }
    // A capture whose capturer made no move (it was removed too, or took by
    // a shot): named from what it submitted, where that reached the square.
    for (const Attempt& t : attempts_) {
      if (t.piece == kNoPiece || t.move.to != at || en_passant) continue;
      const Piece& p = pos_.piece(t.piece);
      if (p.color == e.color) continue;
      add_line(piece(p.color, p.kind) + on(t.move.from) + " captures " + taken + on(at));
      return;
    }
    add_line(taken + on(at) + (victims.size() > 1 ? " are" : " is") + (en_passant ? " taken en passant" : " captured"));
  }

  void tell_failed_capture(std::size_t i) {
    const Event& e = events_[i];
    for (std::size_t j = 0; j < events_.size(); ++j)
      if (j != i && use_[j] != Use::Absorbed && events_[j].type == EventType::Move && events_[j].piece == e.piece &&
          events_[j].to == e.to)
        use_[j] = Use::Absorbed;
    add_line(piece(e.color, e.kind) + " lands on " + square(e.to) + " and captures nothing" +
                 (e.detail.empty() ? "" : " (" + e.detail + ")"),
             {}, e.piece);
  }

  // A piece taken off the board by a rule other than a capture: told with
  // its own move where the step moved it ("moves from e4 to e5 and is
  // removed"), else where it was met.
  void tell_removal(const Event& e) {
    std::string why = e.detail.empty() ? "" : " (" + e.detail + ")";
    if (auto it = line_of_piece_.find(e.piece); it != line_of_piece_.end()) {
      lines_[it->second].text += " and is removed" + why;
      return;
    }
    std::string met = piece_met(e, e.from);
    bool moved = came_from(e, e.from) != kNoSquare;
    add_line(moved ? met + " is removed" + on(e.from) + why : met + on(e.from) + " is removed" + why, "remove");
  }

  void tell_promotion(const Event& e) {
    std::string becomes = " promotes to " + with_article(kind(e.kind));
    if (auto it = line_of_piece_.find(e.piece); it != line_of_piece_.end()) {
      lines_[it->second].text += " and" + becomes;
      return;
    }
    KindId was = kind_before(e.piece);
    add_line(piece(e.color, was == kNoKind ? e.kind : was) + on(e.to) + becomes, {}, e.piece);
  }

  void tell_collision(const Event& e) {
    Square at = pos_.on_board(e.to) ? e.to : e.from;
    if (contains(e.detail, "share")) {
      add_line("enemy pieces share " + square(at));
      return;
    }
    int count = 0;
    for (char c : e.detail) {
      if (!std::isdigit(static_cast<unsigned char>(c))) break;
      count = count * 10 + (c - '0');
    }
    if (count > 2) {
      add_line(number_word(count) + " pieces meet on " + square(at));
      return;
    }
    bool announced = shared_targets_.size() == 1 && shared_targets_[0] == at;
    add_line((announced ? "they collide on " : "pieces collide on ") + square(at));
  }

  void tell_check(const Event& e) {
    std::string king = piece(e.color, e.kind) + on(e.to);
    if (e.detail == "failed") add_line("the check on " + king + " fails", "check");
    else if (e.detail == "delayed") add_line(king + " is in check (a delayed check)", "check");
    else add_line(king + " is in check", "check");
  }

  // Games whose notation marks a check (+) and whose steps record no check
  // event: the check a lone move gives, as the variant's notation says.
  void tell_check_from_notation() {
    for (const Event& e : events_)
      if (e.type == EventType::Check || e.type == EventType::Reject) return;
    if (attempts_.size() != 1 || attempts_[0].piece == kNoPiece || result_.state.outcome.over()) return;
    const Move& m = attempts_[0].move;
    std::string san = v_.san(before_, m);
    if (san == v_.move_text(before_, m) || san.empty() || san.back() != '+') return;
    Color checked = opposite(pos_.piece(attempts_[0].piece).color);
    const Position& after = result_.state.position;
    for (const Piece& p : after.pieces())
      if (p.on_board() && p.color == checked && p.kind < after.kinds().size() && after.kind_of(p).royal) {
        add_line(piece(checked, p.kind) + on(p.square) + " is in check", "check");
        return;
      }
    add_line(colour(checked) + "'s king is in check", "check");
  }

  // The role whose action a refusal names, and the action.
  const Attempt* refused_attempt(const Event& e) const {
    for (const Attempt& t : attempts_)
      if (acts_for(t.role, e.color) && t.move.from == e.from && t.move.to == e.to) return &t;
    for (const Attempt& t : attempts_)
      if (acts_for(t.role, e.color)) return &t;
    return nullptr;
  }

  // What follows a refusal, as the models word it at the end of the
  // refusal's detail; empty if this part of it says nothing of that.
  static std::string consequence(std::string_view text, const std::string& actor) {
    if (contains(text, "submit again")) return "the turn is not played and both players submit again";
    if (contains(text, "loses") || contains(text, "game is lost")) return actor + " loses";
    if (contains(text, "passes") || contains(text, "move is lost")) return actor + " passes";
    if (contains(text, "nothing changes")) return "nothing changes";
    return {};
  }

  void tell_refusal(const Event& e) {
    const Attempt* t = refused_attempt(e);
    std::string actor = t ? who(t->role) : colour(e.color);
    std::string move = t ? v_.move_text(before_, t->move)
                         : pos_.on_board(e.from) && pos_.on_board(e.to) ? square(e.from) + square(e.to) : "";
    std::string_view detail = e.detail;
    // The detail is "reason: what follows" (or "reason; what follows").
    std::string reason(detail), then;
    for (std::size_t at = 0; at < detail.size(); ++at) {
      if ((detail[at] != ':' && detail[at] != ';') || at + 1 >= detail.size() || detail[at + 1] != ' ') continue;
      if (std::string c = consequence(detail.substr(at + 2), actor); !c.empty()) {
        reason = std::string(detail.substr(0, at));
        then = c;
        break;
      }
    }
    if (then.empty() && !(then = consequence(detail, actor)).empty()) reason.clear();
    if (reason.starts_with("refused: ")) {
      reason.erase(0, 9);
      if (then.empty()) then = actor + " chooses again";  // the side tries another move (Cloak and Dagger)
    }
    if (reason.ends_with(": rejected")) reason.resize(reason.size() - 10);
    // Where the refusal only says the readings in force do not allow it, the
    // reading under the board says which; a reading's id is not for the reader.
    if (reason.starts_with("not legal") || reason.starts_with("not allowed") || reason.starts_with("not a legal") ||
        contains(reason, "="))
      reason.clear();
    if (then.empty()) then = v_.fen(result_.state) == v_.fen(before_) ? "nothing changes" : actor + " passes";
    std::string owner = actor == "the player" ? "the player's" : actor + "'s";
    add_line(owner + " move" + (move.empty() ? "" : " " + move) + " is refused" + (reason.empty() ? "" : " (" + reason + ")") + ": " + then);
  }

  // Pieces that enter the board, those of one colour in a row told together.
  void tell_additions(std::size_t i) {
    const Color c = events_[i].color;
    std::vector<std::string> items;
    bool dropped = false;
    for (std::size_t j = i; j < events_.size() && events_[j].type == EventType::Add && events_[j].color == c; ++j) {
      if (use_[j] != Use::Free) break;
      const Event& e = events_[j];
      std::string item = kind(e.kind) + on(e.to);
      if (contains(e.detail, "dropped")) dropped = true;
      else if (!e.detail.empty() && !contains(e.detail, "added")) item += " (" + e.detail + ")";
      items.push_back(std::move(item));
      if (j != i) use_[j] = Use::Absorbed;
    }
    std::string verb = dropped ? (items.size() > 1 ? " are dropped" : " is dropped")
                               : (items.size() > 1 ? " enter the board" : " enters the board");
    add_line(colour(c) + "'s " + listing(items) + verb);
  }

  // A card's detail is the model's own short account ("white places BQ face
  // up", "N played: white checker added"); a turn's card, "black R card:
  // move", reads as the role playing it.
  void tell_card(const Event& e) {
    std::string text = e.detail.empty() ? "a card is played" : capitalise_colours(e.detail);
    for (std::string_view ending : {std::string_view(" card: move"), std::string_view(" card: no move")}) {
      std::size_t space = text.find(' ');
      if (!text.ends_with(ending) || space == std::string::npos || space >= text.size() - ending.size()) continue;
      std::string card = text.substr(space + 1, text.size() - ending.size() - space - 1);
      text = text.substr(0, space) + " plays its " + card + " card" +
             (ending == " card: move" ? "" : " and does not move");
      break;
    }
    if (e.piece != kNoPiece && pos_.on_board(e.to)) text += " on " + square(e.to);  // a card that puts a piece down
    add_line(std::move(text));
  }

  void tell_reveal(const Event& e) {
    std::string what = with_article(kind(e.kind));
    if (e.detail.starts_with("guess:")) {
      add_line(colour(opposite(e.color)) + " guesses right: " + colour(e.color) + "'s piece" + on(e.from) + " is " + what);
    } else if (e.detail.starts_with("uncloaked")) {
      add_line(colour(e.color) + "'s piece" + on(e.from) + " uncloaks as " + what);
    } else if (pos_.on_board(e.from)) {
      add_line(colour(e.color) + "'s piece" + on(e.from) + " is shown to be " + what);
    } else {
      add_line(colour(e.color) + "'s " + (e.detail.empty() ? "captured piece was " + what : e.detail));
    }
  }

  void tell_result() {
    const Outcome& o = result_.state.outcome;
    if (!o.over() || before_.outcome.over()) return;
    std::string text;
    switch (o.result) {
      case Result::WhiteWins: text = "White wins"; break;
      case Result::BlackWins: text = "Black wins"; break;
      case Result::Draw: text = "the game is drawn"; break;
      case Result::BothLose: text = "both sides lose"; break;
      case Result::PlayerWins: text = "the player wins"; break;
      case Result::PlayerLoses: text = "the player loses"; break;
      case Result::Ongoing: return;
    }
    std::string reason = result_detail_.empty() ? std::string(o.reason) : result_detail_;
    if (!reason.empty()) text += " (" + reason + ")";
    add_line(std::move(text));
  }

  const Variant& v_;
  const State& before_;
  const Position& pos_;
  const StepResult& result_;
  const EventList& events_;
  std::vector<Use> use_;
  std::vector<Attempt> attempts_;
  std::vector<Square> shared_targets_;  // squares the opening said two pieces both move to
  std::vector<Line> lines_;
  std::map<PieceId, std::size_t> line_of_piece_;  // the clause that last told of a piece's move
  std::string result_detail_;
};

}  // namespace

std::string narrate(const Variant& v, const State& before, const JointAction& joint, const StepResult& result) {
  return Narrator(v, before, joint, result).story();
}

}  // namespace arbiter::report
