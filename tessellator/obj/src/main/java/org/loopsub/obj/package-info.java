/**
 * Wavefront OBJ input and output: reading with line-numbered errors (a validating parser whose
 * result de.javagl:obj re-reads and must agree with), writing byte-for-byte reproducibly.
 */
package org.loopsub.obj;
