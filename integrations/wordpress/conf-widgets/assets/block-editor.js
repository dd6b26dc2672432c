/**
 * The "Conference widget" block in the editor: plain JavaScript on WordPress's globals, no build
 * step. The block is dynamic (PHP renders the element on the page), so the editor shows a
 * placeholder naming the element and its settings, and the sidebar sets its main attributes.
 */
(function (blocks, element, blockEditor, components, i18n) {
  'use strict';

  var h = element.createElement;
  var __ = i18n.__;
  var NAME = 'conf-widgets/element';

  var LABELS = {
    'conf-schedule': __('Schedule', 'conf-widgets'),
    'conf-speakers': __('Speakers', 'conf-widgets'),
    'conf-abstracts': __('Abstracts', 'conf-widgets'),
    'conf-exhibits': __('Exhibitors and sponsors', 'conf-widgets'),
    'conf-workshops': __('Workshops', 'conf-widgets'),
    'conf-registration-form': __('Registration form', 'conf-widgets'),
    'conf-exhibit-form': __('Exhibit application form', 'conf-widgets'),
    'conf-abstract-form': __('Abstract submission form', 'conf-widgets'),
    'conf-checkin': __('Check-in kiosk', 'conf-widgets'),
    'conf-page': __('Website page', 'conf-widgets'),
    'conf-site-nav': __('Website navigation', 'conf-widgets'),
  };

  var SHOW_CONFERENCE = {
    name: 'show-conference',
    label: __('Conference name, dates and city', 'conf-widgets'),
    options: [
      ['', __('Hidden', 'conf-widgets')],
      ['show-conference', __('Shown', 'conf-widgets')],
    ],
  };

  /** The sidebar's fields per element (each one of the block's attributes, named as the element's). */
  var FIELDS = {
    'conf-schedule': [
      {
        name: 'view',
        label: __('View', 'conf-widgets'),
        options: [
          ['', __('List (default)', 'conf-widgets')],
          ['grid', __('Grid: rooms side by side (use wide or full width)', 'conf-widgets')],
          ['screen', __('Venue screen', 'conf-widgets')],
        ],
      },
      { name: 'venue', label: __('Room ID (only this room)', 'conf-widgets') },
      { name: 'day', label: __('First day shown (YYYY-MM-DD)', 'conf-widgets') },
    ],
    'conf-speakers': [{ name: 'query', label: __('Search for', 'conf-widgets') }],
    'conf-abstracts': [
      { name: 'query', label: __('Search for', 'conf-widgets') },
      { name: 'track', label: __('Track', 'conf-widgets') },
    ],
    'conf-exhibits': [
      { name: 'type', label: __('Type (e.g. sponsor)', 'conf-widgets') },
      {
        name: 'display',
        label: __('Display', 'conf-widgets'),
        options: [
          ['', __('Cards with search (default)', 'conf-widgets')],
          ['wall', __('Logo wall (sponsors)', 'conf-widgets')],
        ],
      },
      {
        name: 'group-by',
        label: __('Logo wall grouped', 'conf-widgets'),
        options: [
          ['', __('One wall', 'conf-widgets')],
          ['type', __('A heading per type', 'conf-widgets')],
        ],
      },
      { name: 'query', label: __('Search for', 'conf-widgets') },
    ],
    'conf-workshops': [
      { name: 'workshop', label: __('Workshop ID (only this one)', 'conf-widgets') },
      { name: 'registration-id', label: __('Registration ID', 'conf-widgets') },
      { name: 'query', label: __('Search for', 'conf-widgets') },
    ],
    'conf-registration-form': [{ name: 'ticket', label: __('Ticket ID (preselected)', 'conf-widgets') }],
    'conf-exhibit-form': [
      { name: 'types', label: __('Types (id:Label, comma-separated)', 'conf-widgets') },
      { name: 'fee', label: __('Fee (e.g. 450 EUR)', 'conf-widgets') },
    ],
    'conf-abstract-form': [{ name: 'registration-id', label: __('Registration ID', 'conf-widgets') }],
    'conf-checkin': [],
    'conf-page': [{ name: 'slug', label: __('Page (its slug, e.g. about)', 'conf-widgets') }, SHOW_CONFERENCE],
    'conf-site-nav': [
      { name: 'href-pattern', label: __('Page address, {slug} for the page (e.g. /info/{slug})', 'conf-widgets') },
      SHOW_CONFERENCE,
    ],
  };

  var COMMON = [
    {
      name: 'lang',
      label: __('Language', 'conf-widgets'),
      options: [
        ['', __("The page's language", 'conf-widgets')],
        ['en', 'English'],
        ['de', 'Deutsch'],
        ['fr', 'Français'],
        ['es', 'Español'],
      ],
    },
    {
      name: 'theme',
      label: __('Colours', 'conf-widgets'),
      options: [
        ['', __('Follow the system (light or dark)', 'conf-widgets')],
        ['light', __('Light', 'conf-widgets')],
        ['dark', __('Dark', 'conf-widgets')],
      ],
    },
  ];

  function control(field, attributes, setAttributes) {
    var value = attributes[field.name] || '';
    var onChange = function (next) {
      var change = {};
      change[field.name] = next;
      setAttributes(change);
    };
    if (field.options) {
      return h(components.SelectControl, {
        key: field.name,
        label: field.label,
        value: value,
        options: field.options.map(function (o) {
          return { value: o[0], label: o[1] };
        }),
        onChange: onChange,
      });
    }
    return h(components.TextControl, { key: field.name, label: field.label, value: value, onChange: onChange });
  }

  blocks.registerBlockType(NAME, {
    edit: function (props) {
      var attributes = props.attributes;
      var tag = attributes.element;
      var fields = FIELDS[tag] || [];
      var settings = fields
        .concat(COMMON)
        .filter(function (f) {
          return attributes[f.name];
        })
        .map(function (f) {
          return f.name + '="' + attributes[f.name] + '"';
        });
      var choices = Object.keys(LABELS).map(function (t) {
        return { value: t, label: LABELS[t] };
      });
      return h(
        'div',
        blockEditor.useBlockProps(),
        h(
          blockEditor.InspectorControls,
          null,
          h(
            components.PanelBody,
            { title: __('Element', 'conf-widgets'), initialOpen: true },
            h(components.SelectControl, {
              label: __('Show', 'conf-widgets'),
              value: tag,
              options: choices,
              onChange: function (next) {
                // Clear what only the previous element understood.
                var change = { element: next };
                (FIELDS[tag] || []).forEach(function (f) {
                  change[f.name] = '';
                });
                props.setAttributes(change);
              },
            }),
            fields.map(function (f) {
              return control(f, attributes, props.setAttributes);
            }),
          ),
          h(
            components.PanelBody,
            { title: __('Language and colours', 'conf-widgets'), initialOpen: false },
            COMMON.map(function (f) {
              return control(f, attributes, props.setAttributes);
            }),
          ),
        ),
        h(
          components.Placeholder,
          {
            icon: 'calendar-alt',
            label: LABELS[tag] || tag,
            instructions: __(
              'Shown with live data on the published page. Settings are in the sidebar.',
              'conf-widgets',
            ),
          },
          h('code', null, '<' + tag + (settings.length ? ' ' + settings.join(' ') : '') + '>'),
        ),
      );
    },
    save: function () {
      return null;
    },
  });
})(window.wp.blocks, window.wp.element, window.wp.blockEditor, window.wp.components, window.wp.i18n);
