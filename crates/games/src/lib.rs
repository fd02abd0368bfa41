//! The games of zecklab and their solvers. Games and solvers do no I/O.
