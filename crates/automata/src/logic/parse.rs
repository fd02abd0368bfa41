//! Walnut's formula language, read into a syntax tree.
//!
//! Precedence, loosest first: the quantifiers `A` and `E` (a quantifier's body reaches as far
//! right as it can), `<=>`, `=>`, `|`, `&`, `~`, then the comparisons `= != < <= > >=` between
//! terms; binary operators group to the left. Terms: natural-number constants, variables,
//! `c*t` and `t*c` for a constant `c`, `+`, `-` (defined only where the result is not
//! negative), parentheses, and `F[t]`, the Fibonacci word's letter at `t` (compared with a
//! letter, written `1` or `@1`, or with another letter of the word). `$NAME(t, ...)` calls a
//! defined predicate or an automaton from the library. A capital `A` or `E` starting a word is a
//! quantifier, as in Walnut (`Ei,n` quantifies i and n), so variables start otherwise.

/// A term: a natural number's expression.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Term {
    /// A variable.
    Var(String),
    /// A constant.
    Const(u64),
    /// A constant multiple.
    Times(u64, Box<Term>),
    /// A sum.
    Plus(Box<Term>, Box<Term>),
    /// A difference, defined where it is not negative.
    Minus(Box<Term>, Box<Term>),
    /// The Fibonacci word's letter at the index.
    Word(Box<Term>),
}

/// A comparison.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Relation {
    /// `=`
    Equal,
    /// `!=`
    NotEqual,
    /// `<`
    Less,
    /// `<=`
    AtMost,
    /// `>`
    Greater,
    /// `>=`
    AtLeast,
}

impl Relation {
    /// Whether `a` and `b` are so related.
    pub fn holds(self, a: u64, b: u64) -> bool {
        match self {
            Relation::Equal => a == b,
            Relation::NotEqual => a != b,
            Relation::Less => a < b,
            Relation::AtMost => a <= b,
            Relation::Greater => a > b,
            Relation::AtLeast => a >= b,
        }
    }
}

/// A formula.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Formula {
    /// `t1 R t2`.
    Compare(Term, Relation, Term),
    /// `~φ`.
    Not(Box<Formula>),
    /// `φ & ψ`.
    And(Box<Formula>, Box<Formula>),
    /// `φ | ψ`.
    Or(Box<Formula>, Box<Formula>),
    /// `φ => ψ`.
    Implies(Box<Formula>, Box<Formula>),
    /// `φ <=> ψ`.
    Iff(Box<Formula>, Box<Formula>),
    /// `E x φ`.
    Exists(String, Box<Formula>),
    /// `A x φ`.
    Forall(String, Box<Formula>),
    /// `$NAME(t, ...)`, with where it was written (for an undefined name's message).
    Call(String, Vec<Term>, usize),
}

/// The variables free in `formula`, in alphabetical order: a `def`'s arguments.
pub fn free_variables(formula: &Formula) -> Vec<String> {
    fn in_term(t: &Term, bound: &[String], free: &mut std::collections::BTreeSet<String>) {
        match t {
            Term::Var(v) if !bound.contains(v) => {
                free.insert(v.clone());
            }
            Term::Times(_, a) | Term::Word(a) => in_term(a, bound, free),
            Term::Plus(a, b) | Term::Minus(a, b) => {
                in_term(a, bound, free);
                in_term(b, bound, free);
            }
            _ => {}
        }
    }
    fn walk(formula: &Formula, bound: &mut Vec<String>, free: &mut std::collections::BTreeSet<String>) {
        match formula {
            Formula::Compare(a, _, b) => {
                in_term(a, bound, free);
                in_term(b, bound, free);
            }
            Formula::Call(_, args, _) => args.iter().for_each(|a| in_term(a, bound, free)),
            Formula::Not(a) => walk(a, bound, free),
            Formula::And(a, b) | Formula::Or(a, b) | Formula::Implies(a, b) | Formula::Iff(a, b) => {
                walk(a, bound, free);
                walk(b, bound, free);
            }
            Formula::Exists(v, a) | Formula::Forall(v, a) => {
                bound.push(v.clone());
                walk(a, bound, free);
                bound.pop();
            }
        }
    }
    let mut free = std::collections::BTreeSet::new();
    walk(formula, &mut Vec::new(), &mut free);
    free.into_iter().collect()
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Token {
    Ident(String),
    Number(u64),
    Letter(u64),
    Dollar(String),
    Quantifier(bool),
    Word,
    Symbol(&'static str),
}

/// The formula's numeration prefix (`?msd_fib`, `?msd_2`) and the rest, with the offset where
/// the rest starts.
pub fn split_prefix(text: &str) -> (Option<&str>, usize) {
    let trimmed = text.trim_start();
    let lead = text.len() - trimmed.len();
    if let Some(rest) = trimmed.strip_prefix('?') {
        let name_len = rest.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).unwrap_or(rest.len());
        return (Some(&rest[..name_len]), lead + 1 + name_len);
    }
    (None, 0)
}

/// Reads `text` (a formula without its prefix); offsets in errors are counted from `origin`,
/// the place of `text` in what the user wrote, so they can be turned into a line and column.
pub fn parse(text: &str, origin: usize) -> Result<Formula, (usize, String)> {
    let tokens = lex(text).map_err(|(at, m)| (at + origin, m))?;
    let mut parser = Parser { tokens, at: 0, end: text.len() };
    let formula = parser.formula().map_err(|(at, m)| (at + origin, m))?;
    if parser.at < parser.tokens.len() {
        let (at, _) = &parser.tokens[parser.at];
        return Err((at + origin, "expected the end of the formula".into()));
    }
    Ok(formula)
}

fn lex(text: &str) -> Result<Vec<(usize, Token)>, (usize, String)> {
    let bytes = text.as_bytes();
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i] as char;
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        let start = i;
        if c.is_ascii_digit() || (c == '@' && i + 1 < bytes.len() && (bytes[i + 1] as char).is_ascii_digit())
        {
            let letter = c == '@';
            if letter {
                i += 1;
            }
            let digits_start = i;
            while i < bytes.len() && (bytes[i] as char).is_ascii_digit() {
                i += 1;
            }
            let value: u64 = text[digits_start..i]
                .parse()
                .map_err(|_| (start, format!("the number {} is too large", &text[digits_start..i])))?;
            tokens.push((start, if letter { Token::Letter(value) } else { Token::Number(value) }));
            continue;
        }
        if c == '$' {
            i += 1;
            let name_start = i;
            while i < bytes.len() && ((bytes[i] as char).is_ascii_alphanumeric() || bytes[i] == b'_') {
                i += 1;
            }
            if i == name_start {
                return Err((start, "expected a predicate's name after '$'".into()));
            }
            tokens.push((start, Token::Dollar(text[name_start..i].to_string())));
            continue;
        }
        if c.is_ascii_alphabetic() || c == '_' {
            if c == 'A' || c == 'E' {
                tokens.push((start, Token::Quantifier(c == 'A')));
                i += 1;
                continue;
            }
            if c == 'F' && text[i + 1..].trim_start().starts_with('[') {
                tokens.push((start, Token::Word));
                i += 1;
                continue;
            }
            while i < bytes.len() && ((bytes[i] as char).is_ascii_alphanumeric() || bytes[i] == b'_') {
                i += 1;
            }
            tokens.push((start, Token::Ident(text[start..i].to_string())));
            continue;
        }
        const SYMBOLS: [&str; 18] =
            ["<=>", "=>", "<=", ">=", "!=", "=", "<", ">", "&", "|", "~", "+", "-", "*", "(", ")", "[", "]"];
        if let Some(symbol) = SYMBOLS.iter().find(|s| text[i..].starts_with(**s)) {
            tokens.push((start, Token::Symbol(symbol)));
            i += symbol.len();
            continue;
        }
        if c == ',' {
            tokens.push((start, Token::Symbol(",")));
            i += 1;
            continue;
        }
        return Err((start, format!("unexpected character '{}'", text[i..].chars().next().unwrap_or(c))));
    }
    Ok(tokens)
}

type Parsed<T> = Result<T, (usize, String)>;

struct Parser {
    tokens: Vec<(usize, Token)>,
    at: usize,
    end: usize,
}

impl Parser {
    fn peek(&self) -> Option<&Token> {
        self.tokens.get(self.at).map(|(_, t)| t)
    }

    fn offset(&self) -> usize {
        self.tokens.get(self.at).map_or(self.end, |(at, _)| *at)
    }

    fn eat(&mut self, symbol: &str) -> bool {
        if matches!(self.peek(), Some(Token::Symbol(s)) if *s == symbol) {
            self.at += 1;
            true
        } else {
            false
        }
    }

    fn expect(&mut self, symbol: &str) -> Parsed<()> {
        if self.eat(symbol) {
            Ok(())
        } else {
            Err((self.offset(), format!("expected '{symbol}'")))
        }
    }

    fn formula(&mut self) -> Parsed<Formula> {
        if let Some(Token::Quantifier(universal)) = self.peek().cloned() {
            self.at += 1;
            let mut names = Vec::new();
            loop {
                match self.peek().cloned() {
                    Some(Token::Ident(name)) => {
                        self.at += 1;
                        names.push(name);
                    }
                    _ => return Err((self.offset(), "expected a variable after the quantifier".into())),
                }
                if !self.eat(",") {
                    break;
                }
            }
            let body = self.formula()?;
            return Ok(names.into_iter().rev().fold(body, |body, name| {
                if universal {
                    Formula::Forall(name, Box::new(body))
                } else {
                    Formula::Exists(name, Box::new(body))
                }
            }));
        }
        self.iff()
    }

    /// A binary level: `next` operands joined by `symbol`, grouped to the left; a quantifier
    /// after the operator takes the rest.
    fn level(
        &mut self,
        symbol: &str,
        next: fn(&mut Parser) -> Parsed<Formula>,
        join: fn(Box<Formula>, Box<Formula>) -> Formula,
    ) -> Parsed<Formula> {
        let mut left = next(self)?;
        while self.eat(symbol) {
            let right =
                if matches!(self.peek(), Some(Token::Quantifier(_))) { self.formula()? } else { next(self)? };
            left = join(Box::new(left), Box::new(right));
        }
        Ok(left)
    }

    fn iff(&mut self) -> Parsed<Formula> {
        self.level("<=>", Parser::implies, Formula::Iff)
    }

    fn implies(&mut self) -> Parsed<Formula> {
        self.level("=>", Parser::or, Formula::Implies)
    }

    fn or(&mut self) -> Parsed<Formula> {
        self.level("|", Parser::and, Formula::Or)
    }

    fn and(&mut self) -> Parsed<Formula> {
        self.level("&", Parser::unary, Formula::And)
    }

    fn unary(&mut self) -> Parsed<Formula> {
        if self.eat("~") {
            let inner = if matches!(self.peek(), Some(Token::Quantifier(_))) {
                self.formula()?
            } else {
                self.unary()?
            };
            return Ok(Formula::Not(Box::new(inner)));
        }
        if matches!(self.peek(), Some(Token::Quantifier(_))) {
            return self.formula();
        }
        if let Some(Token::Dollar(name)) = self.peek().cloned() {
            let at = self.offset();
            self.at += 1;
            let mut args = Vec::new();
            if self.eat("(") && !self.eat(")") {
                loop {
                    args.push(self.term()?);
                    if self.eat(")") {
                        break;
                    }
                    self.expect(",")?;
                }
            }
            return Ok(Formula::Call(name, args, at));
        }
        // A parenthesis opens either a formula or a term: try the comparison first.
        let saved = self.at;
        match self.comparison() {
            Ok(formula) => Ok(formula),
            Err(term_error) => {
                self.at = saved;
                if self.eat("(") {
                    let inner = self.formula()?;
                    self.expect(")")?;
                    return Ok(inner);
                }
                Err(term_error)
            }
        }
    }

    fn comparison(&mut self) -> Parsed<Formula> {
        let left = self.term()?;
        let relation = match self.peek() {
            Some(Token::Symbol("=")) => Relation::Equal,
            Some(Token::Symbol("!=")) => Relation::NotEqual,
            Some(Token::Symbol("<")) => Relation::Less,
            Some(Token::Symbol("<=")) => Relation::AtMost,
            Some(Token::Symbol(">")) => Relation::Greater,
            Some(Token::Symbol(">=")) => Relation::AtLeast,
            _ => return Err((self.offset(), "expected a comparison (=, !=, <, <=, >, >=)".into())),
        };
        self.at += 1;
        let right = self.term()?;
        Ok(Formula::Compare(left, relation, right))
    }

    fn term(&mut self) -> Parsed<Term> {
        let mut left = self.product()?;
        loop {
            if self.eat("+") {
                left = Term::Plus(Box::new(left), Box::new(self.product()?));
            } else if self.eat("-") {
                left = Term::Minus(Box::new(left), Box::new(self.product()?));
            } else {
                return Ok(left);
            }
        }
    }

    fn product(&mut self) -> Parsed<Term> {
        let mut left = self.factor()?;
        while self.eat("*") {
            let at = self.offset();
            let right = self.factor()?;
            left =
                match (left, right) {
                    (Term::Const(c), t) | (t, Term::Const(c)) => Term::Times(c, Box::new(t)),
                    _ => return Err((
                        at,
                        "a product needs a constant factor (3*x): multiplying variables is not in the logic"
                            .into(),
                    )),
                };
        }
        Ok(left)
    }

    fn factor(&mut self) -> Parsed<Term> {
        let at = self.offset();
        match self.peek().cloned() {
            Some(Token::Number(n) | Token::Letter(n)) => {
                self.at += 1;
                Ok(Term::Const(n))
            }
            Some(Token::Ident(name)) => {
                self.at += 1;
                Ok(Term::Var(name))
            }
            Some(Token::Word) => {
                self.at += 1;
                self.expect("[")?;
                let index = self.term()?;
                self.expect("]")?;
                Ok(Term::Word(Box::new(index)))
            }
            Some(Token::Symbol("(")) => {
                self.at += 1;
                let inner = self.term()?;
                self.expect(")")?;
                Ok(inner)
            }
            _ => Err((at, "expected a term (a number, a variable, F[...] or a parenthesis)".into())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn var(name: &str) -> Term {
        Term::Var(name.into())
    }

    #[test]
    fn quantifiers_reach_right_and_operators_group_by_precedence() {
        let f = parse("Ai (i < n) => F[i] = F[i+n]", 0).unwrap();
        let Formula::Forall(i, body) = f else { panic!("a universal statement: {f:?}") };
        assert_eq!(i, "i");
        assert!(matches!(*body, Formula::Implies(..)));
        let g = parse("Ei,n x = 3*y + 1 & ~x < 2 | z = 0", 0).unwrap();
        let Formula::Exists(_, inner) = g else { panic!() };
        let Formula::Exists(_, inner) = *inner else { panic!() };
        let Formula::Or(left, _) = *inner else { panic!("| is looser than &") };
        let Formula::And(eq, not) = *left else { panic!() };
        assert_eq!(
            *eq,
            Formula::Compare(
                var("x"),
                Relation::Equal,
                Term::Plus(Box::new(Term::Times(3, Box::new(var("y")))), Box::new(Term::Const(1)))
            )
        );
        assert!(matches!(*not, Formula::Not(_)));
        assert!(matches!(parse("(x + 1) < y", 0).unwrap(), Formula::Compare(..)));
        assert!(matches!(parse("((x < y))", 0).unwrap(), Formula::Compare(..)));
        assert!(matches!(parse("$p(x, y+1)", 0).unwrap(), Formula::Call(_, args, 0) if args.len() == 2));
    }

    #[test]
    fn errors_say_where() {
        assert_eq!(parse("x < ", 0).unwrap_err().0, 4);
        assert_eq!(parse("x # y", 10).unwrap_err(), (12, "unexpected character '#'".into()));
        assert!(parse("x * y = 2", 0).unwrap_err().1.contains("constant factor"));
        assert!(parse("A (x = 1)", 0).is_err());
        assert_eq!(split_prefix("  ?msd_2 x = 1"), (Some("msd_2"), 8));
    }
}
