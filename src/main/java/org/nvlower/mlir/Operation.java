package org.nvlower.mlir;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

import org.nvlower.diag.SourcePosition;

/**
 * An MLIR operation, generic as in MLIR itself: a name, operands, results, attributes, regions
 * and successors. What nvlower knows about particular operations (custom syntax, version
 * spellings) lives in {@code org.nvlower.mlir.text.OpRegistry}; an operation it does not know is
 * kept as it is and printed in the generic form.
 */
public final class Operation extends IdentityHashed {

    private final String name;

    private final List<MlirValue> operands;
    private final List<OpResult> results;
    private final SortedMap<String, MlirAttribute> attributes;
    /** MLIR 19's {@code <{...}>} of an operation nvlower does not know; null when absent. */
    private SortedMap<String, MlirAttribute> properties;
    private final List<Region> regions = new ArrayList<>();
    private final List<Successor> successors = new ArrayList<>();
    /** Where the operation was read from, or null (not printed: mlir-opt prints no locations by default). */
    private SourceText.Location location;

    private Operation(String name, List<MlirValue> operands, List<MlirType> resultTypes, Map<String, MlirAttribute> attributes) {
        this.name = name;
        this.operands = new ArrayList<>(operands);
        List<OpResult> rs = new ArrayList<>(resultTypes.size());
        for (int i = 0; i < resultTypes.size(); i++) {
            rs.add(new OpResult(this, i, resultTypes.get(i)));
        }
        this.results = Collections.unmodifiableList(rs);
        this.attributes = new TreeMap<>(attributes);
    }

    public static Operation create(String name, List<MlirValue> operands, List<MlirType> resultTypes,
            Map<String, MlirAttribute> attributes) {
        return new Operation(name, operands, resultTypes, attributes);
    }

    public static Operation create(String name, List<MlirValue> operands, List<MlirType> resultTypes) {
        return new Operation(name, operands, resultTypes, Map.of());
    }

    /** The canonical (MLIR 19) name, e.g. {@code math.sin}, {@code func.func}. */
    public String name() {
        return name;
    }

    /** The dialect prefix of the name ({@code math}). */
    public String dialect() {
        int dot = name.indexOf('.');
        return dot < 0 ? "" : name.substring(0, dot);
    }

    /** The operands (successor arguments excluded); editable. */
    public List<MlirValue> operands() {
        return operands;
    }

    public MlirValue operand(int i) {
        return operands.get(i);
    }

    public List<OpResult> results() {
        return results;
    }

    public OpResult result(int i) {
        return results.get(i);
    }

    public List<MlirType> resultTypes() {
        return results.stream().map(MlirValue::type).toList();
    }

    public List<MlirType> operandTypes() {
        return operands.stream().map(MlirValue::type).toList();
    }

    /** The attributes, sorted by name; editable. */
    public SortedMap<String, MlirAttribute> attributes() {
        return attributes;
    }

    public MlirAttribute attribute(String key) {
        return attributes.get(key);
    }

    public Operation setAttribute(String key, MlirAttribute value) {
        attributes.put(key, value);
        return this;
    }

    /** MLIR 19 properties of an unknown operation read from the generic form, or null. */
    public SortedMap<String, MlirAttribute> properties() {
        return properties;
    }

    public void setProperties(SortedMap<String, MlirAttribute> props) {
        this.properties = props == null ? null : new TreeMap<>(props);
    }

    public List<Region> regions() {
        return regions;
    }

    public Region region(int i) {
        return regions.get(i);
    }

    public Region addRegion() {
        Region r = new Region();
        regions.add(r);
        return r;
    }

    public List<Successor> successors() {
        return successors;
    }

    /** Where the operation was read from, or null. */
    public SourcePosition location() {
        return location == null ? null : location.position();
    }

    /** The unresolved location, to give operations that replace this one. */
    public SourceText.Location sourceLocation() {
        return location;
    }

    public Operation setLocation(SourceText.Location location) {
        this.location = location;
        return this;
    }

    /** The name of the symbol this operation defines ({@code sym_name}), or null. */
    public String symbolName() {
        return attributes.get("sym_name") instanceof StringAttr s ? s.value() : null;
    }

    @Override
    public String toString() {
        return name;
    }
}
