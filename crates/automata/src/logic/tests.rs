//! The prover against known answers (Walnut's published results on the Fibonacci word) and
//! against brute force: random formulas evaluated by the automata and by enumeration.

use proptest::prelude::*;

use super::parse::{Formula, Relation, Term};
use super::*;

fn fibonacci_numbers(up_to: u128) -> Vec<u128> {
    let mut f = vec![1u128, 2];
    while f[f.len() - 1] + f[f.len() - 2] <= up_to {
        f.push(f[f.len() - 1] + f[f.len() - 2]);
    }
    f
}

#[test]
fn the_fibonacci_word_has_no_fourth_power() {
    let mut prover = Prover::new();
    let result = prover.eval("~E i,n (n > 0) & A t (t < 3*n) => F[i+t] = F[i+t+n]").unwrap();
    assert_eq!(result.truth, Some(true));
}

#[test]
fn cubes_have_exactly_the_fibonacci_periods_from_3_and_squares_every_fibonacci_period() {
    let mut prover = Prover::new();
    let cubes = prover.eval("n > 0 & E i A t (t < 2*n) => F[i+t] = F[i+t+n]").unwrap();
    assert_eq!(cubes.free, vec!["n"]);
    let squares = prover.eval("n > 0 & E i A t (t < n) => F[i+t] = F[i+t+n]").unwrap();
    let fibs = fibonacci_numbers(2000);
    for n in 1..2000u128 {
        assert_eq!(cubes.automaton.accepts(&[n]), fibs.contains(&n) && n >= 3, "a cube of period {n}");
        if fibs.contains(&n) {
            assert!(squares.automaton.accepts(&[n]), "a square of period {n}");
        }
    }
}

#[test]
fn a_false_universal_statement_has_its_least_counterexample() {
    let mut prover = Prover::new();
    let result = prover.eval("A n F[n] = 0").unwrap();
    assert_eq!(result.truth, Some(false));
    assert_eq!(result.counterexample, Some(BTreeMap::from([("n".to_string(), 1)])));
    let result = prover.eval("A x,y x + y < 2*x + 1").unwrap();
    assert_eq!(result.truth, Some(false));
    let c = result.counterexample.unwrap();
    assert!(c["x"] + c["y"] > 2 * c["x"], "{c:?} refutes it");
    let result = prover.eval("E x x + x = 7").unwrap();
    assert_eq!((result.truth, result.witness), (Some(false), None));
    let result = prover.eval("E x,y x + y = 7 & x = 2*y + 1").unwrap();
    assert_eq!(result.truth, Some(true));
    assert_eq!(result.witness, Some(BTreeMap::from([("x".to_string(), 5), ("y".to_string(), 2)])));
}

#[test]
fn defined_predicates_take_their_free_variables_in_alphabetical_order() {
    let mut prover = Prover::new();
    let script = "def lt \"y < x\";\n# x is the first argument\neval check \"A a,b $lt(a,b) <=> b < a\";\n";
    let outcomes = prover.run_script(script, |_| {}).unwrap();
    assert_eq!(outcomes[0].free, vec!["x", "y"]);
    assert_eq!(outcomes[1].truth, Some(true));
    assert_eq!(outcomes[0].command, "def");
}

#[test]
fn binary_statements_use_their_own_numeration() {
    let mut prover = Prover::new();
    assert_eq!(prover.eval("?msd_2 A n E m (n = 2*m | n = 2*m + 1)").unwrap().truth, Some(true));
    assert_eq!(prover.eval("?msd_2 A n E m n = 2*m").unwrap().truth, Some(false));
    assert!(prover.eval("?msd_2 F[n] = 1").is_err());
    // Subtraction is defined where it is not negative: x - y = 0 has no solution with x < y.
    assert_eq!(prover.eval("A x,y x < y => ~(x - y = 0)").unwrap().truth, Some(true));
}

#[test]
fn bad_input_says_where_and_what() {
    let mut prover = Prover::new();
    let e = prover.run_script("eval a \"x < 1\";\neval b \"x <\";\n", |_| {}).unwrap_err();
    assert_eq!(
        e,
        AutomataError::Syntax {
            line: 2,
            column: 12,
            message: "expected a term (a number, a variable, F[...] or a parenthesis)".into()
        }
    );
    let e = prover.eval("$nothing(x)").unwrap_err();
    assert!(e.to_string().contains("undefined predicate $nothing"));
    assert!(matches!(prover.run_script("def x \"y = 1\"", |_| {}), Err(AutomataError::Syntax { .. })));
    prover.max_states = 3;
    assert!(matches!(
        prover.eval("~E i,n (n > 0) & A t (t < 3*n) => F[i+t] = F[i+t+n]"),
        Err(AutomataError::TooManyStates { .. })
    ));
}

// Random formulas against brute force.

const VARS: [&str; 3] = ["x", "y", "z"];

fn term() -> impl Strategy<Value = Term> {
    let var = (0..3usize).prop_map(|i| Term::Var(VARS[i].into()));
    prop_oneof![
        var.clone(),
        (0..6u64).prop_map(Term::Const),
        (var.clone(), 1..4u64).prop_map(|(v, c)| Term::Plus(Box::new(v), Box::new(Term::Const(c)))),
        (2..4u64, var.clone()).prop_map(|(c, v)| Term::Times(c, Box::new(v))),
        (var.clone(), var.clone()).prop_map(|(a, b)| Term::Minus(Box::new(a), Box::new(b))),
        (var.clone(), var).prop_map(|(a, b)| Term::Plus(Box::new(a), Box::new(b))),
    ]
}

fn relation() -> impl Strategy<Value = Relation> {
    prop_oneof![
        Just(Relation::Equal),
        Just(Relation::NotEqual),
        Just(Relation::Less),
        Just(Relation::AtMost),
        Just(Relation::Greater),
        Just(Relation::AtLeast),
    ]
}

fn formula() -> impl Strategy<Value = Formula> {
    let atom = (term(), relation(), term()).prop_map(|(a, r, b)| Formula::Compare(a, r, b));
    atom.prop_recursive(4, 24, 2, |inner| {
        prop_oneof![
            inner.clone().prop_map(|f| Formula::Not(Box::new(f))),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| Formula::And(Box::new(a), Box::new(b))),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| Formula::Or(Box::new(a), Box::new(b))),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| Formula::Implies(Box::new(a), Box::new(b))),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| Formula::Iff(Box::new(a), Box::new(b))),
            // Quantifiers bounded by another variable (or a constant), as E x (x <= y & ...).
            (0..3usize, 0..4usize, any::<bool>(), inner).prop_map(|(v, bound, universal, body)| {
                let var = VARS[v].to_string();
                let limit =
                    if bound < 3 && bound != v { Term::Var(VARS[bound].into()) } else { Term::Const(7) };
                let within = Formula::Compare(Term::Var(var.clone()), Relation::AtMost, limit);
                if universal {
                    Formula::Forall(var, Box::new(Formula::Implies(Box::new(within), Box::new(body))))
                } else {
                    Formula::Exists(var, Box::new(Formula::And(Box::new(within), Box::new(body))))
                }
            }),
        ]
    })
}

/// A term's value, `None` where a difference is negative.
fn value(term: &Term, env: &BTreeMap<String, i64>) -> Option<i64> {
    Some(match term {
        Term::Var(v) => env[v],
        Term::Const(c) => *c as i64,
        Term::Times(c, t) => *c as i64 * value(t, env)?,
        Term::Plus(a, b) => value(a, env)? + value(b, env)?,
        Term::Minus(a, b) => Some(value(a, env)? - value(b, env)?).filter(|&d| d >= 0)?,
        Term::Word(_) => unreachable!("not generated"),
    })
}

fn truth(formula: &Formula, env: &mut BTreeMap<String, i64>) -> bool {
    match formula {
        Formula::Compare(a, r, b) => match (value(a, env), value(b, env)) {
            (Some(a), Some(b)) => r.holds(a as u64, b as u64),
            _ => false,
        },
        Formula::Not(a) => !truth(a, env),
        Formula::And(a, b) => truth(a, env) && truth(b, env),
        Formula::Or(a, b) => truth(a, env) || truth(b, env),
        Formula::Implies(a, b) => !truth(a, env) || truth(b, env),
        Formula::Iff(a, b) => truth(a, env) == truth(b, env),
        Formula::Exists(v, body) | Formula::Forall(v, body) => {
            // The generated bodies bound the variable by `v <= limit`: enumerate to the limit.
            let limit = bound_of(body, env);
            let saved = env.get(v).copied();
            let universal = matches!(formula, Formula::Forall(..));
            let mut result = universal;
            for x in 0..=limit {
                env.insert(v.clone(), x);
                if truth(body, env) != universal {
                    result = !universal;
                    break;
                }
            }
            match saved {
                Some(s) => env.insert(v.clone(), s),
                None => env.remove(v),
            };
            result
        }
        Formula::Call(..) => unreachable!("not generated"),
    }
}

fn bound_of(body: &Formula, env: &BTreeMap<String, i64>) -> i64 {
    let (Formula::And(within, _) | Formula::Implies(within, _)) = body else { unreachable!("bounded") };
    let Formula::Compare(_, _, limit) = &**within else { unreachable!("bounded") };
    value(limit, env).expect("a variable or a constant")
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn random_formulas_agree_with_enumeration(formula in formula(), binary in any::<bool>()) {
        let base = if binary { Base::Binary } else { Base::Fib };
        let predicates = HashMap::new();
        let mut compiler = Compiler::new(base, &predicates, DEFAULT_MAX_STATES);
        let named = compiler.compile(&formula).unwrap();
        let free = parse::free_variables(&formula);
        let named = compiler.over(named, &free).unwrap();
        prop_assert_eq!(&named.vars, &free);
        // Every assignment of the free variables below F14 = 610 for one variable, F9 = 55 for
        // two and F7 = 21 for three.
        let limit: i64 = match free.len() { 0 | 1 => 610, 2 => 55, _ => 21 };
        let assignments = (limit as usize).pow(free.len() as u32);
        for i in 0..assignments {
            let mut rest = i;
            let mut env = BTreeMap::new();
            let mut values = Vec::new();
            for v in &free {
                let x = (rest % limit as usize) as i64;
                rest /= limit as usize;
                env.insert(v.clone(), x);
                values.push(x as u128);
            }
            prop_assert_eq!(named.dfa.accepts(&values), truth(&formula, &mut env), "{:?} at {:?}", formula, env);
        }
    }
}
