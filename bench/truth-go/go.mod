module ixbench/truthgo

go 1.19
