// Source samples for the regex extractor tests, one per language, each exercising the
// definition shapes that language's profile knows.

export const SAMPLES = {
  python: `"""Module doc."""
import os, sys as system
from .pkg import (a,
   b as c)
from ..x import *

# Leading comment
@decorator(
    # a comment inside the decorator
    "arg",
)
def top(a, b=1) -> int:
    """Top doc.

    More.
    """
    inner(a)
    def nested():
        pass
    return helper.run(a)

class Foo(Base, mod.Other, metaclass=M):
    x = """
not code
"""
    def method(self):
        self.other()
        super().__init__()
        # trailing comment in the body

    async def _private(self): pass

def after(): pass
`,
  typescript: `import def, { a, b as c, type D } from './x';
import * as ns from "../y";
import './side';
export * from './z';
export { q } from './q';
const lazy = await import('./lazy');
const r = require("./r");
const re = /[{"']/g;

/** Doc for foo. */
export async function foo<T>(x: T): Promise<{ ok: boolean }> {
  bar(x);
  ns.baz(x).qux();
  return \`\${render(\`\${x}\`)}\`;
}

export class Klass extends Base implements I1, I2 {
  private field = 1;
  constructor(a: string) { super(a); }
  method(a: number): string {
    return this.other(a);
  }
  arrow = (x) => x + 1;
}

export const fn = async (a: number) => {
  return a;
};
interface Shape { area(): number }
type Alias = string;
enum Color { Red }
export default function () {}
`,
  go: `package main

import (
  "fmt"
  str "strings"
)

// T is a thing.
type T struct {
  a int
}

type (
  // Handler handles.
  Handler interface {
    Handle() error
  }
  ID = string
)

func (t *T) Method(x int) int {
  return helper(x)
}

func main() {
  fmt.Println(str.ToUpper("x"))
}
`,
  rust: `use crate::a::b::{c, d as e};
use std::io::{self, Read};
use serde;
mod foo;
pub use self::foo::Bar;

/// A doc.
#[derive(Debug)]
pub struct S<'a> { x: &'a str }

impl<'a> Display for S<'a> {
    fn fmt(&self, f: &mut Formatter) -> Result {
        write_it(f, 'x')
    }
}

pub trait Tr { fn req(&self); }

pub mod inner {
    pub fn helper() -> u8 { 1 }
}

macro_rules! square { ($x:expr) => { $x * $x }; }

pub fn free<T>(t: T) -> u8
where
    T: Clone,
{
    1
}
`,
  java: `package a.b;
import java.util.List;
import static a.b.C.m;
import a.c.*;

/**
 * Class doc.
 */
public class A extends B implements C, D<E> {
  @Override
  public void run() {
    doIt();
  }
  private static <T> List<T> gen(int x) { return null; }
  A(int x) { this.x = x; }
  interface Inner { void f(); }
  record Pair(int a) {
    Pair { check(a); }
  }
}
`,
  c: `#include "foo.h"
#include <stdio.h>

/* Adds. */
static int add(int a, int b) {
    return helper(a) + b;
}

int proto(int);

struct point {
    int x;
};

struct point *make(void)
{
    return calloc(1, sizeof(struct point));
}
`,
  cpp: `#include "a.hpp"
namespace ns {
class Widget : public Base {
 public:
  Widget(int x) : x_(x) {}
  int size() const { return compute(x_); }
  void decl();
};

int Widget::other(int y) {
  return y;
}
}  // namespace ns
`,
  csharp: `using System;
using IO = System.IO;
namespace App.Core
{
    /// <summary>Svc.</summary>
    public class Service : IService
    {
        [Obsolete]
        public async Task<int> RunAsync(string x)
        {
            return await Helper.Do(x);
        }
        public int Prop { get; set; }
    }
}
`,
  kotlin: `package a.b
import a.c.Thing
import a.d.*

/** Doc. */
data class User(val name: String) : Base(), Iface {
    fun greet(): String = "hi"
    companion object {
        fun create(): User = User("x")
    }
}

fun String.shout() = uppercase()
`,
  scala: `import a.b.{C, D => E}
import a.c._
trait Animal { def speak(): String }
case class Dog(name: String) extends Animal with Serializable {
  def speak(): String = bark()
}
object Main { def main(args: Array[String]): Unit = println("x") }
`,
  swift: `import Foundation
protocol P { func f() }
struct S: P, Codable {
    func f() { g() }
    init(x: Int) {}
}
extension S {
    static func make() -> S { S(x: 1) }
}
`,
  php: `<?php
namespace App;
use App\\Models\\User;
use App\\Http\\{Request, Response as R};
require_once 'lib/helpers.php';

abstract class Ctrl extends Base implements Iface {
    public function index(Request $r) {
        return view('x');
    }
    private static function hidden() {}
}

function free_fn($a) { return strlen($a); }
`,
  ruby: `require 'json'
require_relative 'lib/util'

module Outer
  # A class.
  class Thing < Base::Model
    def initialize(x)
      @x = compute(x)
    end

    def self.build; end
  end
end

def top_level?
  true
end
`,
  shell: `#!/bin/bash
source ./lib.sh
. "$HOME/x.sh"
# Says hi.
greet() {
  echo "hi $#"
  helper_fn arg
}
function other {
  greet
}
`,
} as const;
