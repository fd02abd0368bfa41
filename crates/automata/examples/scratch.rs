use zecklab_automata::logic::Prover;
fn main() {
    let mut p = Prover::new();
    let script = r#"
def wp "(a <= b & $evenzeros(a) & $shift(a,b)) | (b <= a & $evenzeros(b) & $shift(b,a))";
def wmove "(a = c & d < b) | (b = d & c < a) | (c < a & a - c = b - d)";
eval wcond1 "A a,b,c,d ($wp(a,b) & $wmove(a,b,c,d)) => ~$wp(c,d)";
eval wcond2 "A a,b ~$wp(a,b) => E c,d $wmove(a,b,c,d) & $wp(c,d)";
def nl "n = 0 | E z $leastpart(n,z) & c < z";
eval ncond1 "A n,c,t (c >= 1 & $nl(c,n) & t >= 1 & t <= c & t <= n) => ~$nl(2*t, n-t)";
eval ncond2 "A n,c (c >= 1 & ~$nl(c,n)) => E t t >= 1 & t <= c & t <= n & $nl(2*t, n-t)";
eval opener "A n n >= 2 => (~$nl(n-1, n) <=> ~$isfib(n))";
"#;
    let t = std::time::Instant::now();
    p.run_script(script, |o| {
        println!(
            "{} {}: {:?} free {:?} states {} peak {} {:.2}s cx {:?}",
            o.command, o.name, o.truth, o.free, o.states, o.peak_states, o.seconds, o.counterexample
        )
    })
    .unwrap();
    println!("total {:.2}s", t.elapsed().as_secs_f64());
}
