//! Answers to Python objects: a serde serializer that builds what `json.loads` would give from
//! the command line's JSON (dicts in field order, lists, strings, numbers, `None`), except that
//! the integers JSON carries as decimal strings (marked by `zecklab_answers::decimal`) become
//! Python `int`s of any size.

use std::fmt;

use num_bigint::BigUint;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use pyo3::IntoPyObjectExt;
use serde::ser::{self, Serialize};
use zecklab_answers::decimal::DECIMAL;

/// A Python object.
type Obj<'py> = Bound<'py, PyAny>;

/// Why an answer could not be turned into Python objects.
#[derive(Debug)]
pub enum ToPyError {
    /// Python refused (out of memory, most likely).
    Python(PyErr),
    /// The answer's own serializer failed, or a marked decimal was not one.
    Custom(String),
}

impl fmt::Display for ToPyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ToPyError::Python(e) => write!(f, "{e}"),
            ToPyError::Custom(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for ToPyError {}

impl ser::Error for ToPyError {
    fn custom<T: fmt::Display>(msg: T) -> ToPyError {
        ToPyError::Custom(msg.to_string())
    }
}

impl From<PyErr> for ToPyError {
    fn from(e: PyErr) -> ToPyError {
        ToPyError::Python(e)
    }
}

impl From<ToPyError> for PyErr {
    fn from(e: ToPyError) -> PyErr {
        match e {
            ToPyError::Python(e) => e,
            ToPyError::Custom(m) => pyo3::exceptions::PyRuntimeError::new_err(m),
        }
    }
}

/// `value` as Python objects.
///
/// # Errors
/// As [`ToPyError`].
pub fn to_python<'py, T: Serialize + ?Sized>(py: Python<'py>, value: &T) -> PyResult<Obj<'py>> {
    Ok(value.serialize(ToPython { py })?)
}

/// The serializer.
#[derive(Clone, Copy)]
pub struct ToPython<'py> {
    py: Python<'py>,
}

impl<'py> ToPython<'py> {
    fn obj(self, value: impl IntoPyObjectExt<'py>) -> Result<Obj<'py>, ToPyError> {
        Ok(value.into_bound_py_any(self.py)?)
    }
}

/// Collects a list.
pub struct SeqBuilder<'py> {
    py: Python<'py>,
    items: Vec<Obj<'py>>,
    /// For a variant: wrap the list as `{variant: list}`.
    variant: Option<&'static str>,
}

/// Collects a dict.
pub struct MapBuilder<'py> {
    py: Python<'py>,
    dict: Bound<'py, PyDict>,
    key: Option<Obj<'py>>,
    variant: Option<&'static str>,
}

fn wrap<'py>(py: Python<'py>, variant: Option<&'static str>, value: Obj<'py>) -> Result<Obj<'py>, ToPyError> {
    match variant {
        None => Ok(value),
        Some(name) => {
            let dict = PyDict::new(py);
            dict.set_item(name, value)?;
            Ok(dict.into_any())
        }
    }
}

impl<'py> ser::Serializer for ToPython<'py> {
    type Ok = Obj<'py>;
    type Error = ToPyError;
    type SerializeSeq = SeqBuilder<'py>;
    type SerializeTuple = SeqBuilder<'py>;
    type SerializeTupleStruct = SeqBuilder<'py>;
    type SerializeTupleVariant = SeqBuilder<'py>;
    type SerializeMap = MapBuilder<'py>;
    type SerializeStruct = MapBuilder<'py>;
    type SerializeStructVariant = MapBuilder<'py>;

    fn serialize_bool(self, v: bool) -> Result<Obj<'py>, ToPyError> {
        self.obj(v)
    }
    fn serialize_i8(self, v: i8) -> Result<Obj<'py>, ToPyError> {
        self.obj(v)
    }
    fn serialize_i16(self, v: i16) -> Result<Obj<'py>, ToPyError> {
        self.obj(v)
    }
    fn serialize_i32(self, v: i32) -> Result<Obj<'py>, ToPyError> {
        self.obj(v)
    }
    fn serialize_i64(self, v: i64) -> Result<Obj<'py>, ToPyError> {
        self.obj(v)
    }
    fn serialize_i128(self, v: i128) -> Result<Obj<'py>, ToPyError> {
        self.obj(v)
    }
    fn serialize_u8(self, v: u8) -> Result<Obj<'py>, ToPyError> {
        self.obj(v)
    }
    fn serialize_u16(self, v: u16) -> Result<Obj<'py>, ToPyError> {
        self.obj(v)
    }
    fn serialize_u32(self, v: u32) -> Result<Obj<'py>, ToPyError> {
        self.obj(v)
    }
    fn serialize_u64(self, v: u64) -> Result<Obj<'py>, ToPyError> {
        self.obj(v)
    }
    fn serialize_u128(self, v: u128) -> Result<Obj<'py>, ToPyError> {
        self.obj(v)
    }
    fn serialize_f32(self, v: f32) -> Result<Obj<'py>, ToPyError> {
        self.obj(f64::from(v))
    }
    fn serialize_f64(self, v: f64) -> Result<Obj<'py>, ToPyError> {
        // JSON has no NaN or infinity: serde_json writes them as null, and so does this.
        if v.is_finite() {
            self.obj(v)
        } else {
            self.obj(self.py.None())
        }
    }
    fn serialize_char(self, v: char) -> Result<Obj<'py>, ToPyError> {
        self.obj(v.to_string())
    }
    fn serialize_str(self, v: &str) -> Result<Obj<'py>, ToPyError> {
        self.obj(v)
    }
    fn serialize_bytes(self, v: &[u8]) -> Result<Obj<'py>, ToPyError> {
        self.obj(v.to_vec())
    }
    fn serialize_none(self) -> Result<Obj<'py>, ToPyError> {
        self.obj(self.py.None())
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<Obj<'py>, ToPyError> {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result<Obj<'py>, ToPyError> {
        self.obj(self.py.None())
    }
    fn serialize_unit_struct(self, _name: &'static str) -> Result<Obj<'py>, ToPyError> {
        self.serialize_unit()
    }
    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
    ) -> Result<Obj<'py>, ToPyError> {
        self.obj(variant)
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        name: &'static str,
        value: &T,
    ) -> Result<Obj<'py>, ToPyError> {
        if name != DECIMAL {
            return value.serialize(self);
        }
        // A marked decimal: its text, read back as an integer of any size (Python's own
        // conversion from text is capped at a few thousand digits).
        let text = value.serialize(self)?;
        let text: String = text.extract()?;
        let n: BigUint = text
            .parse()
            .map_err(|_| ToPyError::Custom(format!("'{text}' is marked as an integer but is not one")))?;
        self.obj(n)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<Obj<'py>, ToPyError> {
        let inner = value.serialize(self)?;
        wrap(self.py, Some(variant), inner)
    }
    fn serialize_seq(self, len: Option<usize>) -> Result<SeqBuilder<'py>, ToPyError> {
        Ok(SeqBuilder { py: self.py, items: Vec::with_capacity(len.unwrap_or(0)), variant: None })
    }
    fn serialize_tuple(self, len: usize) -> Result<SeqBuilder<'py>, ToPyError> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_struct(self, _name: &'static str, len: usize) -> Result<SeqBuilder<'py>, ToPyError> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<SeqBuilder<'py>, ToPyError> {
        Ok(SeqBuilder { variant: Some(variant), ..self.serialize_seq(Some(len))? })
    }
    fn serialize_map(self, _len: Option<usize>) -> Result<MapBuilder<'py>, ToPyError> {
        Ok(MapBuilder { py: self.py, dict: PyDict::new(self.py), key: None, variant: None })
    }
    fn serialize_struct(self, _name: &'static str, len: usize) -> Result<MapBuilder<'py>, ToPyError> {
        self.serialize_map(Some(len))
    }
    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<MapBuilder<'py>, ToPyError> {
        Ok(MapBuilder { variant: Some(variant), ..self.serialize_map(Some(len))? })
    }
}

impl<'py> SeqBuilder<'py> {
    fn push<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), ToPyError> {
        self.items.push(value.serialize(ToPython { py: self.py })?);
        Ok(())
    }
    fn finish(self) -> Result<Obj<'py>, ToPyError> {
        let list = PyList::new(self.py, self.items)?.into_any();
        wrap(self.py, self.variant, list)
    }
}

/// serde's four sequence-like serializers, each of which pushes its elements in order.
macro_rules! sequence_serializers {
    ($($trait:ident::$method:ident),* $(,)?) => {$(
        impl<'py> ser::$trait for SeqBuilder<'py> {
            type Ok = Obj<'py>;
            type Error = ToPyError;
            fn $method<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), ToPyError> {
                self.push(value)
            }
            fn end(self) -> Result<Obj<'py>, ToPyError> {
                self.finish()
            }
        }
    )*};
}

sequence_serializers!(
    SerializeSeq::serialize_element,
    SerializeTuple::serialize_element,
    SerializeTupleStruct::serialize_field,
    SerializeTupleVariant::serialize_field,
);

impl<'py> MapBuilder<'py> {
    fn field<T: Serialize + ?Sized>(&mut self, key: &str, value: &T) -> Result<(), ToPyError> {
        self.dict.set_item(key, value.serialize(ToPython { py: self.py })?)?;
        Ok(())
    }
    fn finish(self) -> Result<Obj<'py>, ToPyError> {
        wrap(self.py, self.variant, self.dict.into_any())
    }
}

impl<'py> ser::SerializeMap for MapBuilder<'py> {
    type Ok = Obj<'py>;
    type Error = ToPyError;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), ToPyError> {
        self.key = Some(key.serialize(ToPython { py: self.py })?);
        Ok(())
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), ToPyError> {
        let key = self.key.take().ok_or_else(|| ToPyError::Custom("a map value without its key".into()))?;
        self.dict.set_item(key, value.serialize(ToPython { py: self.py })?)?;
        Ok(())
    }
    fn end(self) -> Result<Obj<'py>, ToPyError> {
        self.finish()
    }
}

/// serde's two struct serializers, each of which sets its fields by name.
macro_rules! struct_serializers {
    ($($trait:ident),* $(,)?) => {$(
        impl<'py> ser::$trait for MapBuilder<'py> {
            type Ok = Obj<'py>;
            type Error = ToPyError;
            fn serialize_field<T: Serialize + ?Sized>(
                &mut self,
                key: &'static str,
                value: &T,
            ) -> Result<(), ToPyError> {
                self.field(key, value)
            }
            fn end(self) -> Result<Obj<'py>, ToPyError> {
                self.finish()
            }
        }
    )*};
}

struct_serializers!(SerializeStruct, SerializeStructVariant);
