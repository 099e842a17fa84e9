// The kinds' registries are what the generator writes from KIND_NAMES, so a kind added to the list
// is in every layer once `npm run kinds` has run, and a registry edited by hand or left stale fails.
import { describe, expect, it } from 'vitest';
import { ANNOTATION_TYPES } from '../src/core/model/schema';
import { TOOLS } from '../src/editor/tools/registry';
import { KIND_NAMES } from '../src/core/kinds/names';
import { KINDS } from '../src/core/kinds/kinds.generated';
import { defaultMessages } from '../src/editor/messages';
import {
  KINDS_COMMAND,
  kindNames,
  labelInToolFile,
  registries,
  staleRegistries,
  variantLabelsInKindFile,
} from './kind-registries';

describe('the kind registries', () => {
  it('must be what the generator writes from KIND_NAMES now', async () => {
    const stale = staleRegistries(registries(await kindNames()));
    expect(
      stale.map((registry) => registry.path),
      `stale kind registries: run \`${KINDS_COMMAND}\``,
    ).toEqual([]);
  });

  it("must find a new kind's parts in its own files, by their names, in every layer", () => {
    const text = registries(
      ['text', 'checkmark'],
      (name) => (name === 'checkmark' ? "'Check mark'" : "'Text'"),
      (name) => (name === 'checkmark' ? ["'checkmark.variants': 'Mark'", "'checkmark.cross': 'Cross'"] : []),
    )
      .map((registry) => registry.text)
      .join('\n');
    for (const line of [
      "import { checkmarkAnnotationSchema } from '../kinds/checkmark';",
      "import { checkmarkKind } from './checkmark';",
      "import { checkmarkPdf } from './checkmark/pdf';",
      "import { CheckmarkView } from './checkmark';",
      "import { checkmarkTool } from './checkmark';",
      '  checkmark: checkmarkKind,',
      '  checkmark: checkmarkPdf,',
      '  checkmark: CheckmarkView,',
      '  checkmarkTool,',
      "  'tool.checkmark': 'Check mark',",
      "  'checkmark.variants': 'Mark',",
      "  'checkmark.cross': 'Cross',",
    ]) {
      expect(text).toContain(line);
    }
  });

  it("must take a kind tool's label from its tool file, and name the file that lacks one", () => {
    expect(labelInToolFile('caret')).toBe("'Insert text'");
    expect(() => labelInToolFile('checkmark')).toThrow(
      "src/editor/tools/checkmark/index.ts must give its tool's English label: export const checkmarkLabel = '...';",
    );
    const renamed = registries(KIND_NAMES, (name) =>
      name === 'rectangle' ? "'Box'" : labelInToolFile(name),
    );
    expect(staleRegistries(renamed).map((registry) => registry.path)).toEqual([
      'src/editor/tools/labels.generated.ts',
    ]);
  });

  it("must take a kind's variant labels from its kind file, and name the file that lacks them", () => {
    expect(variantLabelsInKindFile('polyline')).toEqual([
      "'polyline.variants': 'Line ends'",
      "'polyline.line': 'Plain'",
      "'polyline.arrow': 'Arrow'",
      "'polyline.both': 'Arrows at both ends'",
    ]);
    expect(variantLabelsInKindFile('rectangle')).toEqual([]);
    const kind =
      'export const checkmarkKind = {\n  type: "checkmark",\n  variants: {\n    names: ["tick", "cross"],\n  },\n};\n';
    expect(() => variantLabelsInKindFile('checkmark', kind)).toThrow(
      "src/core/kinds/checkmark/index.ts gives variants, so must label them: export const checkmarkVariantLabels = { 'checkmark.variants': '...', 'checkmark.<variant>': '...' };",
    );
    const unnamedGroup =
      "export const checkmarkVariantLabels = {\n  'checkmark.tick': 'Tick',\n} as const;\n";
    expect(() => variantLabelsInKindFile('checkmark', unnamedGroup)).toThrow(
      "src/core/kinds/checkmark/index.ts: checkmarkVariantLabels must label the group of variants: 'checkmark.variants': '...'",
    );
    const otherKinds =
      "export const checkmarkVariantLabels = {\n  'checkmark.variants': 'Mark',\n  'stamp.tick': 'Tick',\n} as const;\n";
    expect(() => variantLabelsInKindFile('checkmark', otherKinds)).toThrow("not:   'stamp.tick': 'Tick',");

    const relabelled = registries(KIND_NAMES, labelInToolFile, (name) =>
      variantLabelsInKindFile(name).map((entry) =>
        entry === "'stamp.draft': 'Draft'" ? "'stamp.draft': 'Preliminary'" : entry,
      ),
    );
    expect(staleRegistries(relabelled).map((registry) => registry.path)).toEqual([
      'src/editor/tools/labels.generated.ts',
    ]);
  });

  it('must give every variant of a kind, and only those, a label in the messages', () => {
    for (const name of KIND_NAMES) {
      const variants = KINDS[name].variants;
      const expected = variants ? ['variants', ...variants.names].map((variant) => `${name}.${variant}`) : [];
      const labelled = Object.keys(defaultMessages).filter((key) => key.startsWith(`${name}.`));
      expect(labelled.sort(), `${name}VariantLabels in src/core/kinds/${name}/index.ts`).toEqual(
        expected.sort(),
      );
    }
  });

  it('must name a stale registry, and only that one', () => {
    const [schemas, ...rest] = registries(KIND_NAMES);
    const edited = { path: schemas!.path, text: schemas!.text.replace('  textAnnotationSchema,\n', '') };
    expect(staleRegistries([edited, ...rest]).map((registry) => registry.path)).toEqual([schemas!.path]);
  });

  it('must give the model, and the toolbar between select and the eraser, the order of KIND_NAMES', () => {
    expect(ANNOTATION_TYPES).toEqual(KIND_NAMES);
    expect(TOOLS.map((tool) => tool.preset.id)).toEqual(['select', ...KIND_NAMES, 'eraser']);
  });
});
