//! Wythoff's game on a board, by search: P-positions by the row/column/diagonal rule and Grundy
//! values by mex over every option.

/// `board[a * n + b]` is true iff `(a, b)` is a P-position, for `a, b < n`: a position is a
/// P-position iff no P-position lies earlier in its row, its column or its diagonal.
pub fn p_position_board(n: usize) -> Vec<bool> {
    let mut board = vec![false; n * n];
    let mut column_has_p = vec![false; n];
    // Diagonal index b - a + n - 1.
    let mut diagonal_has_p = vec![false; 2 * n];
    for a in 0..n {
        let mut row_has_p = false;
        for b in 0..n {
            let d = b + n - 1 - a;
            let is_p = !row_has_p && !column_has_p[b] && !diagonal_has_p[d];
            if is_p {
                board[a * n + b] = true;
                row_has_p = true;
                column_has_p[b] = true;
                diagonal_has_p[d] = true;
            }
        }
    }
    board
}

/// Grundy values `g[a * size + b]` by mex over every option (cubic).
pub fn grundy_naive(size: usize) -> Vec<u32> {
    let mut g = vec![0u32; size * size];
    for a in 0..size {
        for b in 0..size {
            let mut options = Vec::new();
            for x in 1..=a {
                options.push(g[(a - x) * size + b]);
            }
            for x in 1..=b {
                options.push(g[a * size + b - x]);
            }
            for x in 1..=a.min(b) {
                options.push(g[(a - x) * size + b - x]);
            }
            g[a * size + b] = (0..).find(|v| !options.contains(v)).expect("some value is missing");
        }
    }
    g
}
