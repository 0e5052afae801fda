// The demo's animated cage on the GPU (GpuWave, the twin in meaning of Wave.at): each control point at
// rest, pushed sideways by a sine wave travelling along the mesh's longest axis, written into a buffer
// that GpuMesh.updatePositions reads on the GPU, as a skinned character's cage would be. Float
// arithmetic and the driver's sin: the same animation as Wave's, not its bits (nothing compares them).

layout(local_size_x = 64) in;

layout(std430, binding = 0) readonly buffer Rest { float rest[]; };
layout(std430, binding = 1) writeonly buffer Moved { float moved[]; };

uniform uint uCount;      // control points
uniform int uAlong;       // the axis the wave travels along
uniform int uAcross;      // the axis the points move along
uniform float uStart;     // where the wave's axis starts
uniform float uLength;    // the mesh's extent along it
uniform float uAmplitude; // how far the points move at their most
uniform float uPhase;     // the wave's phase, in [0, 2 pi)

void main() {
    uint v = gl_GlobalInvocationID.x;
    if (v >= uCount) {
        return;
    }
    for (uint x = 0u; x < 3u; x++) {
        moved[3u * v + x] = rest[3u * v + x];
    }
    float s = (rest[3u * v + uint(uAlong)] - uStart) / uLength;
    moved[3u * v + uint(uAcross)] = rest[3u * v + uint(uAcross)] + uAmplitude * sin(TWO_PI * s - uPhase);
}
