//! The printer against trees nobody wrote: expressions built node by node,
//! with no parentheses anywhere, in the shapes where precedence decides the
//! meaning (a closure called, a range received, a cast compared, a struct
//! literal's base, a block as an operand). Printed readable and compact,
//! each must parse back to a tree of the same shape ([`round_trip`]).

use proptest::prelude::*;
use proptest::strategy::BoxedStrategy;
use syn::punctuated::Punctuated;
use syn::{BinOp, Expr, UnOp};

use super::{print, round_trip, Style};

/// A leaf: a local, a number, a path, a unit.
fn leaf() -> BoxedStrategy<Expr> {
    prop_oneof![
        Just(syn::parse_quote!(a)),
        Just(syn::parse_quote!(b)),
        Just(syn::parse_quote!(1)),
        Just(syn::parse_quote!(2.5)),
        Just(syn::parse_quote!(u32::MAX)),
        Just(syn::parse_quote!(())),
    ]
    .boxed()
}

fn binary_op() -> BoxedStrategy<BinOp> {
    prop_oneof![
        Just(BinOp::Add(Default::default())),
        Just(BinOp::Sub(Default::default())),
        Just(BinOp::Mul(Default::default())),
        Just(BinOp::Div(Default::default())),
        Just(BinOp::Shl(Default::default())),
        Just(BinOp::Shr(Default::default())),
        Just(BinOp::Lt(Default::default())),
        Just(BinOp::Le(Default::default())),
        Just(BinOp::Eq(Default::default())),
        Just(BinOp::And(Default::default())),
        Just(BinOp::Or(Default::default())),
        Just(BinOp::BitAnd(Default::default())),
        Just(BinOp::BitOr(Default::default())),
        Just(BinOp::BitXor(Default::default())),
        Just(BinOp::AddAssign(Default::default())),
    ]
    .boxed()
}

fn unary_op() -> BoxedStrategy<UnOp> {
    prop_oneof![
        Just(UnOp::Neg(Default::default())),
        Just(UnOp::Not(Default::default())),
        Just(UnOp::Deref(Default::default())),
    ]
    .boxed()
}

fn boxed(e: Expr) -> Box<Expr> {
    Box::new(e)
}

fn closure(body: Expr) -> Expr {
    let mut c: syn::ExprClosure = syn::parse_quote!(|x| x);
    c.body = boxed(body);
    Expr::Closure(c)
}

fn block(e: Expr) -> Expr {
    let mut b: syn::ExprBlock = syn::parse_quote!({ x });
    b.block.stmts = vec![syn::Stmt::Expr(e, None)];
    Expr::Block(b)
}

/// An expression five levels deep at most, every operand a tree of its own.
fn expr() -> impl Strategy<Value = Expr> {
    leaf().prop_recursive(5, 64, 3, |inner| {
        prop_oneof![operators(inner.clone()), operands(inner)]
    })
}

/// Operators and calls around `inner`.
fn operators(inner: BoxedStrategy<Expr>) -> BoxedStrategy<Expr> {
    let two = (inner.clone(), inner.clone());
    prop_oneof![
        (binary_op(), two.clone()).prop_map(|(op, (l, r))| Expr::Binary(syn::ExprBinary {
            attrs: Vec::new(),
            left: boxed(l),
            op,
            right: boxed(r),
        })),
        (unary_op(), inner.clone()).prop_map(|(op, e)| Expr::Unary(syn::ExprUnary {
            attrs: Vec::new(),
            op,
            expr: boxed(e),
        })),
        inner.clone().prop_map(|e| {
            let mut cast: syn::ExprCast = syn::parse_quote!(x as i64);
            cast.expr = boxed(e);
            Expr::Cast(cast)
        }),
        two.clone().prop_map(|(body, arg)| {
            // `(|x| body)(arg)`: the callee is a closure.
            let mut call: syn::ExprCall = syn::parse_quote!(f(x));
            call.func = boxed(closure(body));
            call.args = Punctuated::from_iter([arg]);
            Expr::Call(call)
        }),
        inner.clone().prop_map(|e| {
            let mut m: syn::ExprMethodCall = syn::parse_quote!(x.min(1));
            m.receiver = boxed(e);
            Expr::MethodCall(m)
        }),
    ]
    .boxed()
}

/// Fields, indexes, ranges, literals, blocks and jumps around `inner`.
fn operands(inner: BoxedStrategy<Expr>) -> BoxedStrategy<Expr> {
    let two = (inner.clone(), inner.clone());
    prop_oneof![
        inner.clone().prop_map(|e| {
            // Named: `1.0` is a float, and a number's tuple field no
            // program has.
            let mut f: syn::ExprField = syn::parse_quote!(x.p);
            f.base = boxed(e);
            Expr::Field(f)
        }),
        two.clone().prop_map(|(e, i)| {
            let mut index: syn::ExprIndex = syn::parse_quote!(x[0]);
            index.expr = boxed(e);
            index.index = boxed(i);
            Expr::Index(index)
        }),
        (two.clone(), any::<bool>()).prop_map(|((l, r), closed)| {
            let mut range: syn::ExprRange = syn::parse_quote!(x..y);
            range.start = Some(boxed(l));
            range.end = Some(boxed(r));
            if closed {
                range.limits = syn::RangeLimits::Closed(Default::default());
            }
            Expr::Range(range)
        }),
        two.clone().prop_map(|(field, base)| {
            // `S { p: field, ..base }`: the comma before the base stays.
            let mut s: syn::ExprStruct = syn::parse_quote!(S { p: x, ..y });
            s.fields[0].expr = field;
            s.rest = Some(boxed(base));
            Expr::Struct(s)
        }),
        (inner.clone(), two.clone()).prop_map(|(c, (t, f))| {
            let mut e: syn::ExprIf = syn::parse_quote!(if c { t } else { f });
            e.cond = boxed(c);
            e.then_branch.stmts = vec![syn::Stmt::Expr(t, None)];
            e.else_branch = Some((Default::default(), boxed(block(f))));
            Expr::If(e)
        }),
        inner.clone().prop_map(closure),
        inner.clone().prop_map(block),
        inner.clone().prop_map(|e| {
            let mut r: syn::ExprReference = syn::parse_quote!(&x);
            r.expr = boxed(e);
            Expr::Reference(r)
        }),
        inner.clone().prop_map(|e| {
            let mut t: syn::ExprTry = syn::parse_quote!(x?);
            t.expr = boxed(e);
            Expr::Try(t)
        }),
        inner.clone().prop_map(|e| {
            let mut r: syn::ExprReturn = syn::parse_quote!(return x);
            r.expr = Some(boxed(e));
            Expr::Return(r)
        }),
    ]
    .boxed()
}

/// `e` in the places an expression takes: a `let`'s value, a statement, a
/// function's tail, a call's argument.
fn file_of(e: Expr) -> syn::File {
    let mut f: syn::ItemFn = syn::parse_quote!(
        fn f() {
            let v = x;
            x;
            g(x);
            x
        }
    );
    if let syn::Stmt::Local(local) = &mut f.block.stmts[0] {
        local.init.as_mut().expect("a value").expr = boxed(e.clone());
    }
    f.block.stmts[1] = syn::Stmt::Expr(e.clone(), Some(Default::default()));
    if let syn::Stmt::Expr(Expr::Call(call), _) = &mut f.block.stmts[2] {
        call.args = Punctuated::from_iter([e.clone()]);
    }
    f.block.stmts[3] = syn::Stmt::Expr(e, None);
    syn::File {
        shebang: None,
        attrs: Vec::new(),
        items: vec![syn::Item::Fn(f)],
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn printed_expressions_parse_back_to_their_shape(e in expr()) {
        let file = file_of(e);
        for minify in [false, true] {
            let text = print(&file, Style { minify, ..Style::default() });
            if let Err(e) = round_trip(&file, &text) {
                return Err(TestCaseError::fail(format!("minify {minify}: {e}\n{text}")));
            }
        }
    }
}
