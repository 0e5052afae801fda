/** Wavefront OBJ input and output: reading with line-numbered errors, writing byte-for-byte reproducibly. */
package org.loopsub.obj;
