/** Mesh preparation around the engine: welding by exact position, validation, topology and statistics. */
package org.loopsub.mesh;
