/**
 * loopsub-obj: OBJ files to and from {@link org.loopsub.api.TriangleMesh}, each reading checked
 * against de.javagl:obj.
 */
module org.loopsub.obj {
    // TriangleMesh and InvalidMeshException are in this module's signatures
    requires transitive org.loopsub.api;
    // de.javagl:obj has no module descriptor and no Automatic-Module-Name: its name is the one the
    // JDK derives from its file name, obj-0.4.0.jar. ObjFile.obj() returns its ReadableObj.
    requires transitive obj;

    exports org.loopsub.obj;
}
