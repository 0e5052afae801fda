/** The threads the Java back end's parallel sweeps run on: one reused pool per thread count. */
package org.loopsub.parallel;
