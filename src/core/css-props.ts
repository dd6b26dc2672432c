/**
 * Sets custom properties through the CSSOM. Lit's `styleMap` writes a `style` attribute on first
 * render, which a strict Content-Security-Policy (`style-src` without 'unsafe-inline') blocks;
 * `style.setProperty` is not affected, so grid positions survive such pages.
 */
import { noChange, type ElementPart } from 'lit';
import { Directive, directive, PartType, type PartInfo } from 'lit/directive.js';

type Props = Readonly<Record<string, string | number>>;

class CssPropsDirective extends Directive {
  private previous: Props = {};

  constructor(info: PartInfo) {
    super(info);
    if (info.type !== PartType.ELEMENT) throw new Error('cssProps() belongs in an element position');
  }

  render(_props: Props): typeof noChange {
    return noChange;
  }

  override update(part: ElementPart, [props]: [Props]): typeof noChange {
    const style = (part.element as HTMLElement).style;
    for (const name of Object.keys(this.previous)) if (!(name in props)) style.removeProperty(name);
    for (const [name, value] of Object.entries(props)) {
      if (this.previous[name] !== value) style.setProperty(name, String(value));
    }
    this.previous = props;
    return noChange;
  }
}

/** `<div ${cssProps({ '--row': 3 })}>`: custom properties without a style attribute. */
export const cssProps = directive(CssPropsDirective);
