//! A formula turned into the automaton of its free variables: the tracks are the free variables
//! in alphabetical order. Terms are flattened into linear forms, a fresh variable standing for
//! each difference and each index of the Fibonacci word that is not a variable, with the
//! equations that define them; a comparison is one linear equation (an inequality adds a slack
//! variable), and the fresh variables are then quantified away. So `x - y = z` holds exactly
//! when `x = y + z`, and a formula with an undefined difference is false, as in Walnut.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use super::parse::{Formula, Relation, Term};
use crate::base::{fibonacci_word, linear, valid};
use crate::base_system::Base;
use crate::dfa::Dfa;
use crate::project::exists;
use crate::AutomataError;

/// An automaton with the names of its tracks (sorted).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Named {
    /// The free variables, one a track, in alphabetical order.
    pub vars: Vec<String>,
    /// The automaton.
    pub dfa: Dfa,
}

/// A predicate a formula may call: an automaton whose tracks are its arguments in order.
#[derive(Clone, Debug)]
pub struct Predicate {
    /// The automaton.
    pub dfa: Dfa,
}

/// What compiling needs and what it measures.
pub struct Compiler<'a> {
    /// The numeration of every variable.
    pub base: Base,
    /// The predicates by name.
    pub predicates: &'a HashMap<String, Predicate>,
    /// The most states a subset construction may make.
    pub max_states: usize,
    /// The most states any automaton had along the way.
    pub peak_states: usize,
    fresh: usize,
}

/// `Σ coefficient·variable + constant`.
#[derive(Clone, Debug, Default)]
struct LinearForm {
    coefficients: BTreeMap<String, i64>,
    constant: i64,
}

impl LinearForm {
    fn add(mut self, other: &LinearForm, sign: i64) -> LinearForm {
        for (v, c) in &other.coefficients {
            *self.coefficients.entry(v.clone()).or_insert(0) += sign * c;
        }
        self.constant += sign * other.constant;
        self
    }
}

impl<'a> Compiler<'a> {
    /// A compiler over `base` with these predicates.
    pub fn new(base: Base, predicates: &'a HashMap<String, Predicate>, max_states: usize) -> Compiler<'a> {
        Compiler { base, predicates, max_states, peak_states: 0, fresh: 0 }
    }

    fn saw(&mut self, dfa: &Dfa) {
        self.peak_states = self.peak_states.max(dfa.states());
    }

    /// The automaton of `formula`'s free variables.
    ///
    /// # Errors
    /// [`AutomataError::Meaning`] for an undefined predicate or a misuse of the Fibonacci word,
    /// [`AutomataError::TooManyStates`] past the limit.
    pub fn compile(&mut self, formula: &Formula) -> Result<Named, AutomataError> {
        let named = match formula {
            Formula::Compare(left, relation, right) => self.compare(left, *relation, right)?,
            Formula::Not(inner) => {
                let inner = self.compile(inner)?;
                Named { dfa: inner.dfa.complement(), vars: inner.vars }
            }
            Formula::And(a, b) => {
                let (a, b) = (self.compile(a)?, self.compile(b)?);
                self.combine(&a, &b, |x, y| x && y)?
            }
            Formula::Or(a, b) => {
                let (a, b) = (self.compile(a)?, self.compile(b)?);
                self.combine(&a, &b, |x, y| x || y)?
            }
            Formula::Implies(a, b) => {
                let (a, b) = (self.compile(a)?, self.compile(b)?);
                self.combine(&a, &b, |x, y| !x || y)?
            }
            Formula::Iff(a, b) => {
                let (a, b) = (self.compile(a)?, self.compile(b)?);
                self.combine(&a, &b, |x, y| x == y)?
            }
            Formula::Exists(var, body) => {
                let body = self.compile(body)?;
                self.exists(body, var)?
            }
            Formula::Forall(var, body) => {
                let body = self.compile(body)?;
                let negated = Named { dfa: body.dfa.complement(), vars: body.vars };
                let some_fails = self.exists(negated, var)?;
                Named { dfa: some_fails.dfa.complement(), vars: some_fails.vars }
            }
            Formula::Call(name, args, _) => self.call(name, args)?,
        };
        self.saw(&named.dfa);
        Ok(named)
    }

    /// The automaton laid out over `vars` (a superset of its own, sorted): a variable that
    /// cancels out of a formula (`x = x`) is still one of its tracks.
    ///
    /// # Errors
    /// [`AutomataError::TooManyTracks`] past the alphabet's limit.
    pub fn over(&mut self, named: Named, vars: &[String]) -> Result<Named, AutomataError> {
        if named.vars == vars {
            return Ok(named);
        }
        if vars.len() > crate::dfa::MAX_TRACKS {
            return Err(AutomataError::TooManyTracks(vars.len()));
        }
        let map: Vec<usize> = named
            .vars
            .iter()
            .map(|v| vars.iter().position(|w| w == v))
            .collect::<Option<_>>()
            .ok_or_else(|| AutomataError::Malformed("a track outside the variables".into()))?;
        let dfa = named.dfa.spread(&vec![self.base; vars.len()], &map)?;
        Ok(Named { vars: vars.to_vec(), dfa })
    }

    /// `E var` of an automaton (nothing to do when `var` is not free in it: some value exists).
    pub fn exists(&mut self, body: Named, var: &str) -> Result<Named, AutomataError> {
        let Some(track) = body.vars.iter().position(|v| v == var) else { return Ok(body) };
        let dfa = exists(&body.dfa, track, self.max_states)?;
        let mut vars = body.vars;
        vars.remove(track);
        Ok(Named { vars, dfa })
    }

    /// The two automata laid out over the union of their variables and combined by `op`.
    pub fn combine(
        &mut self,
        a: &Named,
        b: &Named,
        op: impl Fn(bool, bool) -> bool,
    ) -> Result<Named, AutomataError> {
        let vars: Vec<String> =
            a.vars.iter().chain(&b.vars).cloned().collect::<BTreeSet<_>>().into_iter().collect();
        let bases = vec![self.base; vars.len()];
        if bases.len() > crate::dfa::MAX_TRACKS {
            return Err(AutomataError::TooManyTracks(bases.len()));
        }
        let spread = |n: &Named| -> Result<Dfa, AutomataError> {
            let map: Vec<usize> =
                n.vars.iter().map(|v| vars.iter().position(|w| w == v).expect("in the union")).collect();
            n.dfa.spread(&bases, &map)
        };
        let (x, y) = (spread(a)?, spread(b)?);
        let (dfa, made) = x.boolean(&y, op)?;
        self.peak_states = self.peak_states.max(made);
        Ok(Named { vars, dfa })
    }

    fn fresh(&mut self) -> String {
        self.fresh += 1;
        // No name the user can write: variables do not start with '#'.
        format!("#{}", self.fresh)
    }

    /// A term as a linear form, with the equations defining its fresh variables.
    fn linear_form(&mut self, term: &Term, defs: &mut Vec<Named>) -> Result<LinearForm, AutomataError> {
        Ok(match term {
            Term::Var(v) => LinearForm { coefficients: BTreeMap::from([(v.clone(), 1)]), constant: 0 },
            Term::Const(c) => LinearForm { coefficients: BTreeMap::new(), constant: to_i64(*c)? },
            Term::Times(c, inner) => {
                let inner = self.linear_form(inner, defs)?;
                let c = to_i64(*c)?;
                LinearForm {
                    coefficients: inner.coefficients.into_iter().map(|(v, k)| (v, k * c)).collect(),
                    constant: inner.constant * c,
                }
            }
            Term::Plus(a, b) => {
                let a = self.linear_form(a, defs)?;
                let b = self.linear_form(b, defs)?;
                a.add(&b, 1)
            }
            Term::Minus(a, b) => {
                // z = a - b, defined by b + z = a.
                let a = self.linear_form(a, defs)?;
                let b = self.linear_form(b, defs)?;
                let z = self.fresh();
                let z_form = LinearForm { coefficients: BTreeMap::from([(z.clone(), 1)]), constant: 0 };
                defs.push(self.equation(&b.add(&z_form, 1).add(&a, -1))?);
                z_form
            }
            Term::Word(_) => {
                return Err(AutomataError::Meaning(
                    "F[...] is a letter of the Fibonacci word: compare it with a letter (F[n] = 1) or with another F[...], not in arithmetic".into(),
                ))
            }
        })
    }

    /// The automaton of `form = 0`.
    fn equation(&mut self, form: &LinearForm) -> Result<Named, AutomataError> {
        let (vars, coefficients): (Vec<String>, Vec<i64>) =
            form.coefficients.iter().filter(|(_, &c)| c != 0).map(|(v, &c)| (v.clone(), c)).unzip();
        if vars.len() > crate::dfa::MAX_TRACKS {
            return Err(AutomataError::TooManyTracks(vars.len()));
        }
        let dfa = linear(&vec![self.base; vars.len()], &coefficients, -form.constant);
        self.saw(&dfa);
        Ok(Named { vars, dfa })
    }

    /// `left R right`, fresh variables quantified away.
    fn compare(&mut self, left: &Term, relation: Relation, right: &Term) -> Result<Named, AutomataError> {
        if matches!(left, Term::Word(_)) || matches!(right, Term::Word(_)) {
            return self.compare_letters(left, relation, right);
        }
        let mut defs = Vec::new();
        let l = self.linear_form(left, &mut defs)?;
        let r = self.linear_form(right, &mut defs)?;
        let difference = r.add(&l, -1); // right - left
        let atom = match relation {
            Relation::Equal | Relation::NotEqual => {
                let equal = self.equation(&difference)?;
                if relation == Relation::NotEqual {
                    Named { dfa: equal.dfa.complement(), vars: equal.vars }
                } else {
                    equal
                }
            }
            Relation::Less | Relation::AtMost | Relation::Greater | Relation::AtLeast => {
                // left < right  <=>  E s: right - left - 1 - s = 0, and the like.
                let (form, strict) = match relation {
                    Relation::Less => (difference, true),
                    Relation::AtMost => (difference, false),
                    Relation::Greater => (LinearForm::default().add(&difference, -1), true),
                    _ => (LinearForm::default().add(&difference, -1), false),
                };
                let slack = self.fresh();
                let mut form = form;
                form.coefficients.insert(slack.clone(), -1);
                if strict {
                    form.constant -= 1;
                }
                let equation = self.equation(&form)?;
                self.exists(equation, &slack)?
            }
        };
        self.with_definitions(atom, defs)
    }

    /// `atom` and the definitions of its fresh variables, which are then quantified away.
    fn with_definitions(&mut self, atom: Named, defs: Vec<Named>) -> Result<Named, AutomataError> {
        let mut result = atom;
        let mut fresh: Vec<String> = Vec::new();
        for def in defs {
            fresh.extend(def.vars.iter().filter(|v| v.starts_with('#')).cloned());
            result = self.combine(&result, &def, |x, y| x && y)?;
        }
        fresh.sort();
        fresh.dedup();
        for var in fresh {
            result = self.exists(result, &var)?;
        }
        Ok(result)
    }

    /// A comparison of letters of the Fibonacci word (or a letter and a constant letter).
    fn compare_letters(
        &mut self,
        left: &Term,
        relation: Relation,
        right: &Term,
    ) -> Result<Named, AutomataError> {
        if self.base != Base::Fib {
            return Err(AutomataError::Meaning("F[...] is indexed in msd_fib: drop ?msd_2".into()));
        }
        let mut defs = Vec::new();
        // Each side: the index variable and its letter, or a constant letter.
        let mut side = |term: &Term, me: &mut Compiler<'_>| -> Result<Result<String, u64>, AutomataError> {
            match term {
                Term::Word(index) => {
                    let form = me.linear_form(index, &mut defs)?;
                    match (form.coefficients.len(), form.coefficients.iter().next(), form.constant) {
                        (1, Some((v, &1)), 0) => Ok(Ok(v.clone())),
                        _ => {
                            let i = me.fresh();
                            let mut eq = LinearForm::default().add(&form, -1);
                            eq.coefficients.insert(i.clone(), 1);
                            defs.push(me.equation(&eq)?);
                            Ok(Ok(i))
                        }
                    }
                }
                Term::Const(c) if *c <= 1 => Ok(Err(*c)),
                _ => Err(AutomataError::Meaning("a letter of the Fibonacci word is compared with a letter, 0 or 1, or with another F[...]".into())),
            }
        };
        let l = side(left, self)?;
        let r = side(right, self)?;
        let letter_is =
            |var: &str, letter: u8| Named { vars: vec![var.to_string()], dfa: fibonacci_word(letter) };
        let mut result: Option<Named> = None;
        for a in 0..2u64 {
            for b in 0..2u64 {
                let fits = |side: &Result<String, u64>, v: u64| side.as_ref().err().is_none_or(|&c| c == v);
                if !relation.holds(a, b) || !fits(&l, a) || !fits(&r, b) {
                    continue;
                }
                let mut case = Named { vars: Vec::new(), dfa: valid(&[]) };
                if let Ok(v) = &l {
                    case = self.combine(&case, &letter_is(v, a as u8), |x, y| x && y)?;
                }
                if let Ok(v) = &r {
                    case = self.combine(&case, &letter_is(v, b as u8), |x, y| x && y)?;
                }
                result = Some(match result {
                    None => case,
                    Some(so_far) => self.combine(&so_far, &case, |x, y| x || y)?,
                });
            }
        }
        let atom = result.unwrap_or(Named { vars: Vec::new(), dfa: Dfa::constant(Vec::new(), false) });
        self.with_definitions(atom, defs)
    }

    /// `$name(args)`: the predicate's tracks bound to the arguments.
    fn call(&mut self, name: &str, args: &[Term]) -> Result<Named, AutomataError> {
        let predicate = match self.predicates.get(name) {
            Some(predicate) => predicate.clone(),
            None => Predicate {
                dfa: crate::base::built_in(name, self.base).ok_or_else(|| {
                    AutomataError::Meaning(format!(
                        "undefined predicate ${name}: def it first, or give --library with {name}.txt"
                    ))
                })?,
            },
        };
        if predicate.dfa.tracks() != args.len() {
            return Err(AutomataError::Meaning(format!(
                "${name} takes {} arguments, given {}",
                predicate.dfa.tracks(),
                args.len()
            )));
        }
        if predicate.dfa.bases().iter().any(|&b| b != self.base) {
            return Err(AutomataError::Meaning(format!(
                "${name} reads another numeration system than this formula's {}",
                self.base
            )));
        }
        // Each argument gets a fresh track variable, equated to the argument's term.
        let tracks: Vec<String> = args.iter().map(|_| self.fresh()).collect();
        let mut sorted = tracks.clone();
        sorted.sort();
        let map: Vec<usize> =
            tracks.iter().map(|t| sorted.iter().position(|s| s == t).expect("present")).collect();
        let dfa = predicate.dfa.spread(&vec![self.base; sorted.len()], &map)?;
        let mut defs = Vec::new();
        for (track, arg) in tracks.iter().zip(args) {
            let mut form = self.linear_form(arg, &mut defs)?;
            form = LinearForm::default().add(&form, -1);
            *form.coefficients.entry(track.clone()).or_insert(0) += 1;
            defs.push(self.equation(&form)?);
        }
        self.with_definitions(Named { vars: sorted, dfa }, defs)
    }
}

fn to_i64(c: u64) -> Result<i64, AutomataError> {
    i64::try_from(c)
        .ok()
        .filter(|&c| c < 1 << 40)
        .ok_or_else(|| AutomataError::Meaning(format!("the constant {c} is too large")))
}
